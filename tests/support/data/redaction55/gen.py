#!/usr/bin/env python3
"""Blind redaction corpus #55 (Seshat issue 24, round 11).

Theme: a university's research-computing and student-information-systems Slack
(HPC cluster / Slurm, JupyterHub, LMS and SIS integrations, SSO / Shibboleth,
lab instruments, grant finance) in South Korea, Greece and Israel.
Languages: English, Korean, Greek, Hebrew.

Standard library only.  random.Random(N * 101) is the only source of randomness,
drawn in a fixed order.  `python3 gen.py` writes both JSONL files next to itself.
"""
import base64
import json
import os
import re
import struct
import sys
import zlib
import random

N = 55
SEED = N * 101
rng = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))

DIG = "0123456789"
HEX = "0123456789abcdef"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LO = UP.lower()
B62 = DIG + UP + LO
B64 = UP + LO + DIG + "+/"
B64URL = UP + LO + DIG + "-_"
B32L = "abcdefghijklmnopqrstuvwxyz234567"


# --------------------------------------------------------------------------- helpers
def ch(seq):
    return rng.choice(seq)


def ri(a, b):
    return rng.randint(a, b)


def rs(alpha, n):
    return "".join(rng.choice(alpha) for _ in range(n))


def hexs(n):
    return rs(HEX, n)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


def coin(p):
    return rng.random() < p


_CYC = {}


def cyc(key, items):
    """Walk a list of fixed variants in order (so each one is used), instead of a random pick."""
    i = _CYC.get(key, 0)
    _CYC[key] = i + 1
    return items[i % len(items)]


def uuid4():
    h = list(hexs(32))
    h[12] = "4"
    h[16] = ch("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def chunks(s, n=64):
    return [s[i:i + n] for i in range(0, len(s), n)]


def fence(body, lang=""):
    return f"```{lang}\n{body}\n```"


def day():
    return f"2025-{ri(1, 12):02d}-{ri(1, 28):02d}"


def hms():
    return f"{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}"


def iso_ts():
    return f"{day()}T{hms()}.{ri(0, 999):03d}Z"


def epoch():
    return ri(1735700000, 1767100000)


def trunc(s, keep=None):
    keep = keep or ri(60, 140)
    style = ri(0, 2)
    if style == 0:
        return s[:keep] + "…"
    if style == 1:
        return s[:keep] + "..."
    return s[:keep] + f"[{len(s) - keep} more chars]"


SITES = [
    dict(cc="kr", uni="hanbit", hpc="hpc.hanbit.ac.kr", jh="jupyter.hanbit.ac.kr", lms="lms.hanbit.ac.kr",
         idp="idp.hanbit.ac.kr", sis="haksa.hanbit.ac.kr", dom="hanbit.ac.kr", java="kr.ac.hanbit"),
    dict(cc="gr", uni="knossos", hpc="hpc.knossos-univ.gr", jh="jupyter.knossos-univ.gr", lms="eclass.knossos-univ.gr",
         idp="idp.knossos-univ.gr", sis="students.knossos-univ.gr", dom="knossos-univ.gr", java="gr.knossos"),
    dict(cc="il", uni="carmel", hpc="hpc.carmel-tech.ac.il", jh="jupyter.carmel-tech.ac.il", lms="moodle.carmel-tech.ac.il",
         idp="idp.carmel-tech.ac.il", sis="michlol.carmel-tech.ac.il", dom="carmel-tech.ac.il", java="il.ac.carmel"),
]


def site():
    return ch(SITES)


def priv_ip():
    k = ri(0, 2)
    if k == 0:
        return f"10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
    if k == 1:
        return f"172.{ri(16, 31)}.{ri(0, 255)}.{ri(1, 254)}"
    return f"192.168.{ri(0, 255)}.{ri(1, 254)}"


def doc_ip():
    return ch(["192.0.2.", "198.51.100.", "203.0.113."]) + str(ri(1, 254))


LEADS = ["fyi ", "FYI: ", "heads up — ", "for the record: ", "quick one: ", "참고로 ", "공유드립니다:\n",
         "확인 부탁드려요 🙏\n", "Για ενημέρωση: ", "Καλημέρα, ", "Μια ερώτηση: ", "לידיעתכם: ", "עדכון: ",
         "שאלה קטנה: ", "בוקר טוב, "]
TRAILS = ["\nthanks!", "\n감사합니다.", "\nΕυχαριστώ!", "\nתודה!", " 🙏", "\nlmk if this looks off",
          "\n혹시 이상하면 말씀 주세요", "\nΑν δείτε κάτι περίεργο πείτε μου.", "\nאם משהו לא ברור תכתבו פה",
          "\n(cc #hpc-ops)", " — will update the wiki"]


def decorate(text, p_lead=0.14, p_trail=0.07):
    if coin(p_lead):
        lead = ch(LEADS)
        if text.startswith("```") and not lead.endswith("\n"):
            lead = lead.rstrip() + "\n"
        text = lead + text
    if coin(p_trail):
        text = text + ch(TRAILS)
    return text


# --------------------------------------------------------------------------- file-format builders
def _png_chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def png_bytes(w=None, h=None):
    w = w or ri(1, 6)
    h = h or ri(1, 6)
    cols = [bytes([ri(0, 255), ri(0, 255), ri(0, 255), ch([255, 255, 200, 0])]) for _ in range(ri(1, 3))]
    raw = b"".join(b"\x00" + b"".join(ch(cols) for _ in range(w)) for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + _png_chunk(b"IDAT", zlib.compress(raw, 9)) + _png_chunk(b"IEND", b""))


def plot_png():
    """A small RGB 'plot': white background, a random polyline, a few grid lines."""
    w, h = ri(24, 40), ri(16, 28)
    px = [[(255, 255, 255)] * w for _ in range(h)]
    for x in range(0, w, ri(5, 8)):
        for y in range(h):
            px[y][x] = (230, 230, 230)
    y = ri(2, h - 3)
    col = ch([(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40)])
    for x in range(w):
        y = max(0, min(h - 1, y + ri(-2, 2)))
        px[y][x] = col
    raw = b"".join(b"\x00" + b"".join(bytes(p) for p in row) for row in px)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + _png_chunk(b"IDAT", zlib.compress(raw, 9)) + _png_chunk(b"IEND", b""))


def gif_bytes():
    r, g, b = ri(0, 255), ri(0, 255), ri(0, 255)
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + bytes([r, g, b]) + b"\xff\xff\xff"
            + b"!\xf9\x04\x01\x00\x00\x00\x00" + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def bmp_bytes():
    w, h = ri(1, 4), ri(1, 4)
    rowlen = (w * 3 + 3) & ~3
    pix = b"".join(bytes([ri(0, 255), ri(0, 255), ri(0, 255)]) * w + b"\x00" * (rowlen - w * 3) for _ in range(h))
    hdr = struct.pack("<2sIHHI", b"BM", 54 + len(pix), 0, 0, 54)
    dib = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pix), 2835, 2835, 0, 0)
    return hdr + dib + pix


def wav_bytes():
    n = ri(60, 160)
    import math
    freq = ch([440, 880, 1000, 1200])
    data = bytes(int(128 + 60 * math.sin(2 * math.pi * freq * i / 8000)) for i in range(n))
    fmt = struct.pack("<4sIHHIIHH", b"fmt ", 16, 1, 1, 8000, 8000, 1, 8)
    body = b"WAVE" + fmt + struct.pack("<4sI", b"data", n) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def pdf_bytes():
    txt = ch(["Syllabus draft", "Lab safety sheet", "Allocation form", "Quota request", "Invoice copy"])
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 80] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"]
    stream = f"BT /F1 12 Tf 10 40 Td ({txt}) Tj ET".encode()
    objs.append(b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream")
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = b"%PDF-1.4\n"
    offs = []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for o in offs:
        out += f"{o:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def ico_bytes():
    p = png_bytes(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def jpeg_head():
    q = bytes(ri(1, 40) for _ in range(64))
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + q + b"\xff\xc0\x00\x11\x08\x00\x60\x00\x60\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + rbytes(90))


def woff2_head():
    return b"wOF2\x00\x01\x00\x00" + struct.pack(">I", ri(9000, 40000)) + struct.pack(">HH", ri(10, 16), 0) + rbytes(110)


SVG_SHAPES = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><path d="M2 8h12M8 2v12" stroke="#{c}" stroke-width="2"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="{r}" fill="#{c}"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20"><path d="M7 4l6 6-6 6" fill="none" stroke="#{c}" stroke-width="2"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect x="4" y="6" width="24" height="{r}" rx="3" fill="#{c}"/></svg>',
]


def svg():
    return ch(SVG_SHAPES).format(c=hexs(6), r=ri(4, 11))


def svg_pct(s):
    out = []
    for c in s:
        if c in '<>#%"{}':
            out.append("%%%02X" % ord(c))
        else:
            out.append(c)
    return "".join(out).replace('"', "'")


def sourcemap_b64(name):
    words = ["render", "props", "state", "fetchGrades", "courseId", "spawn", "kernel", "node", "idx", "el"]
    segs = ";".join(",".join(rs("ACEGIKMOQSUWYacegikmoqsuwy", ri(4, 8)) for _ in range(ri(2, 5))) for _ in range(ri(3, 8)))
    sm = {"version": 3, "file": name, "sources": [f"webpack://{name.split('.')[0]}/./src/{ch(['index', 'App', 'api', 'grades'])}.ts"],
          "names": rng.sample(words, 4), "mappings": segs}
    return b64(json.dumps(sm, separators=(",", ":")).encode())


# --------------------------------------------------------------------------- checks
def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        s += n
    return s % 10 == 0


def luhn_complete(prefix_digits):
    for c in DIG:
        if luhn_ok(prefix_digits + c):
            return prefix_digits + c
    raise AssertionError


def iban_num(s):
    s = s.replace(" ", "")
    r = s[4:] + s[:4]
    return int("".join(str(int(c, 36)) for c in r))


def iban_ok(s):
    s = s.replace(" ", "")
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", s):
        return False
    return iban_num(s) % 97 == 1


def is_public_ip(ip):
    try:
        a, b, c, d = [int(x) for x in ip.split(".")]
    except ValueError:
        return False
    if max(a, b, c, d) > 255:
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


def ssn_ok(s):
    d = s.replace("-", "").replace(" ", "")
    if not re.fullmatch(r"\d{9}", d):
        return False
    a, g, sr = d[:3], d[3:5], d[5:]
    return a != "000" and a != "666" and a[0] != "9" and g != "00" and sr != "0000"


# --------------------------------------------------------------------------- scanner
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [
    ("github_token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b")),
    ("github_pat", re.compile(r"github_pat_[A-Za-z0-9_]{22,}")),
    ("slack_token", re.compile(r"\bxox[abposr]-\d+-[A-Za-z0-9\-]+")),
    ("sk_key", re.compile(r"\bsk-[A-Za-z0-9_\-]{32,}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_\-]+\.eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+")),
]
AWS_RE = re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")
PEM_RE = re.compile(r"-----BEGIN ([A-Z0-9 ]*PRIVATE KEY)-----(.*?)-----END \1-----", re.S)
SSN_RE = re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?!\d|\.\d)")
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,32}")
DIGRUN_RE = re.compile(r"(?<!\d)\d+(?:[ \-]\d+)*(?!\d)")
PHONE_RES = [
    ("phone_intl", re.compile(r"\+(?:1|30|82|972)[\s.\-]?\(?\d{1,3}\)?(?:[\s.\-]?\d{2,4}){2,4}")),
    ("phone_kr_mobile", re.compile(r"(?<![\d.\-])01[016789][\s.\-]?\d{3,4}[\s.\-]?\d{4}(?![\d\-])")),
    ("phone_kr_land", re.compile(r"(?<![\d.\-])0(?:2|[3-6][1-5]|70)[\s.\-)]\s?\d{3,4}[\s.\-]\d{4}(?![\d\-])")),
    ("phone_il_mobile", re.compile(r"(?<![\d.\-])05\d[\s.\-]?\d{3}[\s.\-]?\d{4}(?![\d\-])")),
    ("phone_il_land", re.compile(r"(?<![\d.\-])0[2-489][\s.\-]\d{3}[\s.\-]?\d{4}(?![\d\-])")),
    ("phone_il_voip", re.compile(r"(?<![\d.\-])07[2-9][\s.\-]?\d{3}[\s.\-]?\d{4}(?![\d\-])")),
    ("phone_gr_mobile", re.compile(r"(?<![\d.\-])69\d[\s.\-]?\d{3}[\s.\-]?\d{4}(?![\d\-])")),
    ("phone_gr_land", re.compile(r"(?<![\d.\-])2\d{9}(?!\d)")),
    ("phone_gr_land", re.compile(r"(?<![\d.\-,])2\d{1,3}[ .\-]\d{3,4}[ .\-]\d{3,4}(?![\d\-])")),
    ("phone_us", re.compile(r"(?<![\d.\-])\(\d{3}\)\s?\d{3}[\s.\-]\d{4}(?![\d\-])")),
    ("phone_us", re.compile(r"(?<![\d.\-])[2-9]\d{2}[.\-]\d{3}[.\-]\d{4}(?![\d\-])")),
]


def scan(text):
    """Return a list of (finding, value) for anything that looks like a real secret / personal datum."""
    found = []
    for m in EMAIL_RE.finditer(text):
        found.append(("email", m.group(0)))
    for name, rx in TOKEN_RES:
        for m in rx.finditer(text):
            tail = m.group(0).split("_", 1)[-1] if name.startswith("github") else m.group(0)
            if len(set(tail)) < 8:
                continue   # ghp_xxxx… style fillers are not real-looking
            found.append((name, m.group(0)))
    for m in AWS_RE.finditer(text):
        if "EXAMPLE" not in m.group(0):
            found.append(("aws_key_id", m.group(0)))
    for m in PEM_RE.finditer(text):
        body = m.group(2)
        if "..." in body or "…" in body:
            continue
        b = re.sub(r"\\n|[\s\"',]", "", body)
        if re.fullmatch(r"[A-Za-z0-9+/=]{40,}", b or ""):
            found.append(("pem_private_key", m.group(1)))
    for m in SSN_RE.finditer(text):
        found.append(("ssn_shape", m.group(0)))
    for m in IP_RE.finditer(text):
        if is_public_ip(m.group(1)):
            found.append(("public_ipv4", m.group(1)))
    for m in IBAN_RE.finditer(text):
        comp = m.group(0).replace(" ", "")
        for L in range(15, min(34, len(comp)) + 1):
            if iban_ok(comp[:L]):
                found.append(("iban", comp[:L]))
                break
    for m in DIGRUN_RE.finditer(text):
        groups = re.split(r"[ \-]", m.group(0))
        hit = None
        for i in range(len(groups)):
            tot = ""
            for j in range(i, len(groups)):
                tot += groups[j]
                if len(tot) > 19:
                    break
                if len(tot) >= 13 and luhn_ok(tot):
                    hit = tot
                    break
            if hit:
                break
        if hit and len(set(hit)) > 1:   # all-zero masks (IBAN/card templates) are not real-looking
            found.append(("luhn_digits", hit))
    for name, rx in PHONE_RES:
        for m in rx.finditer(text):
            v = m.group(0)
            if name == "phone_gr_land" and len(re.sub(r"\D", "", v)) != 10:
                continue
            found.append((name, v))
    return found


# =========================================================================== NEGATIVES
# --------------------------------------------------------------------------- data_uri_base64
def du_css_logo():
    s = site()
    uri = "data:image/png;base64," + b64(png_bytes())
    sel = ch([".navbar-brand", ".login-logo", "#page-header .logo", ".jhub-logo", ".ood-brand-logo"])
    body = f"{sel} {{\n  background-image: url(\"{uri}\");\n  background-repeat: no-repeat;\n  background-size: {ri(16, 48)}px;\n}}"
    intro = ch([f"theme override for {s['lms']}:", "this is what ended up in the compiled CSS",
                "moodle theme/boost scss 에 넣은 부분입니다", "Το κομμάτι από το custom.css του eclass:",
                "זה מה שיש ב-custom.css של המודל:"])
    return intro + "\n" + fence(body, ch(["css", "scss", ""]))


def du_ipynb():
    img = b64(plot_png())
    metric = ch(["loss", "val_loss", "rmsd", "temp_K", "gpu_util", "throughput"])
    lines = ['{', ' "cell_type": "code",', f' "execution_count": {ri(3, 80)},', f' "id": "{hexs(8)}",',
             ' "metadata": {},', ' "outputs": [', '  {', '   "data": {', f'    "image/png": "{img}",',
             '    "text/plain": [', f'     "<Figure size {ch(["640x480", "800x600", "1000x400"])} with {ri(1, 4)} Axes>"',
             '    ]', '   },', '   "metadata": {},', '   "output_type": "display_data"', '  }', ' ],',
             ' "source": [', f'  "plt.plot(df[\\"{metric}\\"])\\n",', '  "plt.show()"', ' ]', '}']
    intro = ch(["the .ipynb is 40 MB because every cell keeps its PNG output, e.g.:",
                "노트북 파일이 너무 커서 git push가 안 됩니다. 셀 하나가 이렇게 생겼어요:",
                "Γιατί το notebook είναι τόσο μεγάλο; Κάθε κελί έχει αυτό:",
                "nbstripout לא רץ על הקובץ הזה, תראו את ה-output:"])
    tail = ch(["", "\nrun `nbstripout --install` in the repo please", "\n`jupyter nbconvert --clear-output` 돌리면 해결됩니다"])
    return intro + "\n" + fence("\n".join(lines), "json") + tail


def du_img_gif():
    uri = "data:image/gif;base64," + b64(gif_bytes())
    s = site()
    html = f'<img src="{uri}" width="1" height="1" alt="" class="{ch(["spacer", "tracking-pixel", "icon-blank"])}">'
    intro = ch([f"the course page on {s['lms']} renders this literally:",
                "캔버스 페이지 HTML에 이 태그가 그대로 보여요:",
                "Στη σελίδα του μαθήματος εμφανίζεται αυτό ως κείμενο:",
                "בדף הקורס זה מוצג כטקסט במקום תמונה:"])
    return intro + "\n`" + html + "`"


def du_hub_template():
    s = site()
    uri = "data:image/svg+xml;base64," + b64(svg().encode())
    lines = ['{% extends "templates/page.html" %}', '{% block nav_bar_left_items %}',
             f'  <a class="navbar-brand" href="{{{{ base_url }}}}home">',
             f'    <img src="{uri}" alt="{s["uni"]} HPC" height="28">', '  </a>', '{% endblock %}',
             '{% block login_widget %}{% endblock %}']
    return ch(["custom page.html for the hub (mounted via extraFiles):", "JupyterHub 템플릿 수정본:",
               "Το template του hub μετά την αλλαγή:", "התבנית של ה-hub אחרי השינוי:"]) + "\n" + fence("\n".join(lines), "html")


def du_csp():
    s = site()
    uri = "data:image/png;base64," + b64(png_bytes())
    msg = (f"Refused to load the image '{trunc(uri)}' because it violates the following Content Security Policy "
           f"directive: \"img-src 'self' https://{s['idp']}\".")
    intro = ch(["console on the IdP login page after the CSP change:", "IdP 로그인 페이지 콘솔 에러:",
                "Σφάλμα στην κονσόλα μετά την αλλαγή του CSP:", "שגיאה בקונסול של דף ההתחברות:"])
    return intro + "\n" + fence(msg)


def du_sourcemap():
    name = ch(["grades-widget.min.js", "enrol-sync.bundle.js", "lti-launch.js", "ood-dashboard.min.js"])
    code = f'!function(){{"use strict";var e=document.querySelector("#{ch(["grades", "roster", "app"])}");e&&e.classList.add("ready")}}();'
    return (ch(["why is the bundle twice the size? the last line is an inline source map:",
                "번들 마지막 줄에 소스맵이 인라인으로 들어가 있네요:",
                "Το bundle έχει inline source map στο τέλος:",
                "ה-bundle כולל source map בתוך הקובץ:"]) + "\n"
            + fence(code + "\n//# sourceMappingURL=data:application/json;charset=utf-8;base64," + sourcemap_b64(name), "js"))


def du_echo_decode():
    p = png_bytes()
    w, h = struct.unpack(">II", p[16:24])
    cmd = f"$ echo '{b64(p)}' | base64 -d > /tmp/icon.png && file /tmp/icon.png\n/tmp/icon.png: PNG image data, {w} x {h}, 8-bit/color RGBA, non-interlaced"
    return ch(["sanity check that the blob in the LTI config is just the icon:", "설정 안의 blob은 그냥 아이콘이에요:",
               "Απλώς εικονίδιο είναι:", "בדקתי, זה רק אייקון:"]) + "\n" + fence(cmd, "console")


def du_markdown():
    uri = "data:image/png;base64," + b64(png_bytes())
    title = ch(["Course logo", "Lab banner", "Cluster status badge", "Λογότυπο μαθήματος", "로고", "סמל הקורס"])
    return f"![{title}]({uri})\n" + ch(["^ the syllabus markdown export inlines images like this",
                                        "마크다운으로 내보내면 이미지가 이렇게 인라인됩니다",
                                        "Έτσι βγαίνουν οι εικόνες στο export.", "ככה נראות התמונות בייצוא"])


def du_grafana():
    uri = "data:image/svg+xml;base64," + b64(svg().encode())
    lines = ['{', f'  "title": "{ch(["Slurm partitions", "GPU nodes", "JupyterHub users", "Lustre I/O"])}",',
             f'  "uid": "{rs(B62, 9)}",', '  "panels": [', '    {', '      "type": "text",',
             '      "options": {', '        "mode": "html",',
             f'        "content": "<img src=\\"{uri}\\" height=\\"24\\"> cluster overview"', '      },',
             f'      "gridPos": {{"h": 3, "w": 24, "x": 0, "y": 0}}', '    }', '  ],',
             f'  "schemaVersion": {ri(36, 39)}', '}']
    return ch(["dashboard JSON export (trimmed):", "그라파나 대시보드 JSON:", "Το JSON του dashboard:",
               "ה-JSON של הדשבורד:"]) + "\n" + fence("\n".join(lines), "json")


def du_pdf_iframe():
    uri = "data:application/pdf;base64," + b64(pdf_bytes())
    return (ch(["the preview iframe in the assignment page gets this src:",
                "Το iframe προεπισκόπησης στο eclass έχει αυτό το src:",
                "과제 미리보기 iframe src가 이렇게 되어 있어요:",
                "ה-iframe של התצוגה המקדימה מקבל את ה-src הזה:"]) + "\n"
            + fence(f'<iframe src="{uri}" width="100%" height="600"></iframe>', "html"))


def du_wav():
    uri = "data:audio/wav;base64," + b64(wav_bytes())
    return (ch(["the instrument web UI plays a beep when the run finishes, it's just this:",
                "장비 웹 UI에서 측정 끝나면 나는 소리가 이거예요:",
                "Ο ήχος ειδοποίησης του οργάνου είναι απλώς αυτό:",
                "הצפצוף בסוף הריצה במכשיר הוא פשוט זה:"]) + "\n"
            + fence(f'const done = new Audio("{uri}");\ndone.volume = 0.{ri(2, 8)};\nsocket.on("run_complete", () => done.play());', "js"))


def du_svg_pct():
    raw = svg()
    uri = "data:image/svg+xml," + svg_pct(raw)
    css = f".dir-rtl .breadcrumb-item + .breadcrumb-item::before {{\n  content: url(\"{uri}\");\n  transform: scaleX(-1);\n}}"
    return (ch(["RTL fix for the breadcrumb arrow in moodle:", "אייקון החץ בכיוון הנכון ב-RTL:",
                "Διόρθωση για το βελάκι σε RTL:", "RTL 화살표 수정:"]) + "\n" + fence(css, "css"))


def du_font():
    uri = "data:font/woff2;base64," + trunc(b64(woff2_head()), ri(70, 120))
    fam = ch(["Noto Sans KR", "Pretendard", "Noto Sans Hebrew", "Heebo", "GFS Didot", "Noto Serif Greek"])
    css = f"@font-face {{\n  font-family: \"{fam} Subset\";\n  src: url(\"{uri}\") format(\"woff2\");\n  font-display: swap;\n  unicode-range: U+{ch(['AC00-D7A3', '0590-05FF', '0370-03FF'])};\n}}"
    return (ch(["the theme embeds a font subset, which is why the CSS is 300 KB:",
                "웹폰트 서브셋이 CSS 안에 들어 있어서 용량이 큽니다:",
                "Η γραμματοσειρά είναι ενσωματωμένη στο CSS:", "הגופן מוטמע בתוך ה-CSS:"]) + "\n" + fence(css, "css"))


def du_nbconvert_html():
    img = b64(plot_png())
    lines = ['<div class="jp-OutputArea-output">', f'<img alt="No description has been provided for this image" src="data:image/png;base64,{img}">',
             '</div>']
    return (ch(["nbconvert --to html output, the figure is inlined:", "html 로 변환한 결과물:",
                "Η έξοδος του nbconvert:", "הפלט של nbconvert:"]) + "\n" + fence("\n".join(lines), "html"))


def du_photo_fixture():
    uri = "data:image/jpeg;base64," + trunc(b64(jpeg_head()), ri(80, 150))
    lines = ['# tests/fixtures/profile.py', '"""Grey silhouette used when a student has no photo in the SIS."""',
             f'PLACEHOLDER_PHOTO = "{uri}"', '', 'def photo_or_placeholder(record):',
             '    return record.get("photo_uri") or PLACEHOLDER_PHOTO']
    return fence("\n".join(lines), "python")


def du_har():
    s = site()
    rows = []
    for _ in range(ri(3, 6)):
        kind = ri(0, 2)
        if kind == 0:
            u = "data:image/png;base64," + b64(png_bytes())
        elif kind == 1:
            u = "data:image/gif;base64," + b64(gif_bytes())
        else:
            u = "data:image/svg+xml;base64," + b64(svg().encode())
        rows.append(f'    {{"request": {{"method": "GET", "url": "{u}"}}, "response": {{"status": 200, "content": {{"size": {ri(40, 900)}}}}}, "time": {ri(0, 3)}.{ri(0, 99):02d}}},')
    rows[-1] = rows[-1].rstrip(",")
    lines = ['{"log": {', '  "creator": {"name": "Firefox", "version": "128.0"},', f'  "pages": [{{"title": "https://{s["lms"]}/course/view.php?id={ri(100, 9999)}"}}],',
             '  "entries": ['] + rows + ['  ]', '}}']
    return ch(["HAR from the slow course page (data: entries only):", "느린 강의 페이지 HAR 일부:",
               "HAR από τη σελίδα του μαθήματος:", "HAR מהדף האיטי:"]) + "\n" + fence("\n".join(lines), "json")


def du_csharp_icon():
    lines = ['// InstrumentControl/Resources/Icons.cs', 'internal static class Icons', '{',
             f'    public static readonly byte[] {ch(["RunComplete", "DetectorReady", "CoolingOk", "SampleLoaded"])} =',
             f'        Convert.FromBase64String("{b64(png_bytes())}");', '}']
    return ch(["from the instrument vendor's SDK sample:", "장비 SDK 예제 코드:", "Από το SDK του οργάνου:",
               "מתוך ה-SDK של היצרן:"]) + "\n" + fence("\n".join(lines), "csharp")


def du_ipywidget():
    lines = ["import base64, ipywidgets as w",
             f"blank = base64.b64decode('{b64(gif_bytes())}')",
             "img = w.Image(value=blank, format='gif', width=1, height=1)", "display(img)"]
    return ch(["ipywidgets placeholder for the lab's dashboard:", "위젯 플레이스홀더:",
               "Placeholder για το widget:", "placeholder לווידג'ט:"]) + "\n" + fence("\n".join(lines), "python")


def du_lti_config():
    s = site()
    lines = ['{', f'  "title": "{ch(["Autograder", "Jupyter Launch", "Plagiarism Check", "Lab Booking"])}",',
             f'  "description": "LTI 1.3 tool for {s["uni"]}",', f'  "oidc_initiation_url": "https://{s["jh"]}/hub/lti13/oauth_login",',
             f'  "target_link_uri": "https://{s["jh"]}/hub/lti13/launch",', '  "extensions": [{', '    "platform": "canvas.instructure.com",',
             '    "settings": {', f'      "icon_url": "data:image/png;base64,{b64(png_bytes())}",', '      "placements": ["course_navigation"]',
             '    }', '  }],', '  "public_jwk_url": "https://' + s["jh"] + '/hub/lti13/jwks"', '}']
    return ch(["developer key JSON we pasted into Canvas:", "LTI 개발자 키 JSON:", "Το JSON του developer key:",
               "ה-JSON של מפתח המפתח ב-Canvas:"]) + "\n" + fence("\n".join(lines), "json")


def du_moodle_xml():
    data = b64(png_bytes(ri(4, 10), ri(4, 10)))
    lines = ['<question type="multichoice">', f'  <name><text>{ch(["Q3 orbital diagram", "Ερώτηση 4", "문항 7", "שאלה 2"])}</text></name>',
             '  <questiontext format="html">', '    <text><![CDATA[<p><img src="@@PLUGINFILE@@/diagram.png"></p>]]></text>',
             f'    <file name="diagram.png" path="/" encoding="base64">{data}</file>', '  </questiontext>', '</question>']
    return ch(["moodle question bank export, images come along as base64:", "문제은행 XML 내보내기:",
               "Export της τράπεζας ερωτήσεων:", "ייצוא מאגר השאלות:"]) + "\n" + fence("\n".join(lines), "xml")


def du_favicon_py():
    lines = ["# ood/apps/dashboard/initializers/favicon.py", "import base64",
             f'FAVICON_ICO = base64.b64decode(\n    "{b64(ico_bytes())}"\n)']
    return fence("\n".join(lines), "python")


def du_bmp():
    uri = "data:image/bmp;base64," + b64(bmp_bytes())
    return (ch(["the label printer on the NMR bench sends previews as", "장비 라벨 프린터 미리보기가",
                "Ο εκτυπωτής ετικετών στέλνει", "מדפסת התוויות שולחת"]) + f" `{uri}` "
            + ch(["and the LIMS chokes on it", "형식이라 LIMS가 못 읽어요", "και το LIMS δεν το δέχεται", "וה-LIMS נתקע על זה"]))


def du_ood_long():
    s = site()
    lines = ["# /etc/ood/config/ondemand.d/branding.yml", f"dashboard_title: \"{s['uni'].title()} HPC OnDemand\"",
             "brand_bg_color: \"#" + hexs(6) + "\"", "brand_link_active_bg_color: \"#" + hexs(6) + "\"",
             "dashboard_logo: \"/public/logo.png\"", "dashboard_logo_height: 64", "pinned_apps:",
             "  - sys/bc_desktop", "  - sys/jupyter", "  - sys/rstudio", "pinned_apps_menu_length: 6",
             "custom_css_files:", "  - custom.css", "# favicon is inlined so it survives the proxy",
             "favicon_data_uri: \"data:image/png;base64," + b64(png_bytes()) + "\"",
             "support_ticket:", "  email: false", "  rt_api:", f"    server: https://rt.{s['dom']}", "    queue: hpc"]
    return ch(["OnDemand branding after the upgrade:", "OnDemand 브랜딩 설정:", "Η ρύθμιση branding του OnDemand:",
               "הגדרות המיתוג של OnDemand:"]) + "\n" + fence("\n".join(lines), "yaml")


DATA_URI_TEMPLATES = [du_css_logo, du_ipynb, du_img_gif, du_hub_template, du_csp, du_sourcemap, du_echo_decode,
                      du_markdown, du_grafana, du_pdf_iframe, du_wav, du_svg_pct, du_font, du_nbconvert_html,
                      du_photo_fixture, du_har, du_csharp_icon, du_ipywidget, du_lti_config, du_moodle_xml,
                      du_favicon_py, du_bmp, du_ood_long]


# --------------------------------------------------------------------------- placeholder_example
def ph_jhub_oauth():
    s = site()
    lines = ["# jupyterhub_config.py", "import os", "from oauthenticator.generic import GenericOAuthenticator", "",
             "c.JupyterHub.authenticator_class = GenericOAuthenticator",
             f"c.GenericOAuthenticator.oauth_callback_url = 'https://{s['jh']}/hub/oauth_callback'",
             "c.GenericOAuthenticator.client_id = 'jupyterhub'",
             ch(["c.GenericOAuthenticator.client_secret = os.environ['OAUTH_CLIENT_SECRET']",
                 "c.GenericOAuthenticator.client_secret = '<CLIENT_SECRET>'",
                 "c.GenericOAuthenticator.client_secret = 'REPLACE_ME'"]),
             f"c.GenericOAuthenticator.authorize_url = 'https://{s['idp']}/idp/profile/oidc/authorize'",
             f"c.GenericOAuthenticator.token_url = 'https://{s['idp']}/idp/profile/oidc/token'",
             f"c.GenericOAuthenticator.userdata_url = 'https://{s['idp']}/idp/profile/oidc/userinfo'",
             "c.GenericOAuthenticator.username_claim = 'preferred_username'",
             "c.GenericOAuthenticator.scope = ['openid', 'profile']"]
    return ch(["hub config for the new IdP, secret comes from the k8s Secret:", "허브 OIDC 설정입니다 (시크릿은 환경변수로):",
               "Ρυθμίσεις OIDC για το hub:", "הגדרות OIDC ל-hub:"]) + "\n" + fence("\n".join(lines), "python")


def ph_slurmdbd():
    v = ch(["StoragePass=<set-in-ansible-vault>", "StoragePass={{ slurmdbd_storage_pass }}", "StoragePass=CHANGEME",
            "StoragePass=", "StoragePass=${SLURMDBD_DB_PASS}"])
    lines = ["# /etc/slurm/slurmdbd.conf", "AuthType=auth/munge", "DbdHost=slurmdbd01", "DbdPort=6819",
             "SlurmUser=slurm", "LogFile=/var/log/slurm/slurmdbd.log", "PidFile=/run/slurmdbd.pid",
             "StorageType=accounting_storage/mysql", "StorageHost=localhost", "StoragePort=3306",
             "StorageUser=slurm", v, "StorageLoc=slurm_acct_db", "PurgeEventAfter=12months", "PurgeJobAfter=24months",
             "PurgeStepAfter=6months"]
    return ch(["template for the new dbd host, the real value is injected by ansible:", "slurmdbd.conf 템플릿:",
               "Πρότυπο slurmdbd.conf:", "תבנית slurmdbd.conf:"]) + "\n" + fence("\n".join(lines), "ini")


def ph_idp_props():
    lines = ["# conf/idp.properties (excerpt)", "idp.sealer.storeResource = %{idp.home}/credentials/sealer.jks",
             "idp.sealer.versionResource = %{idp.home}/credentials/sealer.kver",
             "idp.sealer.storePassword = %{idp.sealer.storePassword}", "idp.sealer.keyPassword = %{idp.sealer.keyPassword}",
             "", "# credentials/secrets.properties", ch(["idp.sealer.storePassword = CHANGE_ME", "idp.sealer.storePassword = ",
                                                         "idp.sealer.storePassword = <generated at install>"]),
             "idp.sealer.keyPassword = %{idp.sealer.storePassword}",
             "idp.authn.LDAP.bindDNCredential = " + ch(["<bind-password>", "XXXXXXXX", "${LDAP_BIND_PW}"])]
    return ch(["Shibboleth IdP 5 defaults after the upgrade:", "시볼레스 IdP 업그레이드 후 기본 설정:",
               "Οι προεπιλογές μετά την αναβάθμιση του Shibboleth IdP:", "ברירות המחדל של Shibboleth אחרי השדרוג:"]) + "\n" + fence("\n".join(lines), "properties")


def ph_canvas_curl():
    s = site()
    tok = ch(["<CANVAS_TOKEN>", "$CANVAS_TOKEN", "YOUR_ACCESS_TOKEN", "${CANVAS_API_TOKEN}", "<paste-token-here>"])
    cmd = f'curl -s -H "Authorization: Bearer {tok}" "https://canvas.{s["dom"]}/api/v1/courses/{ri(1000, 99999)}/enrollments?per_page=100" | jq length'
    return ch(["to check the roster sync:", "수강생 동기화 확인하려면:", "Για να ελέγξετε τη λίστα φοιτητών:",
               "כדי לבדוק את סנכרון הרשימות:"]) + "\n" + fence(cmd, "bash")


def ph_moodle_cfg():
    lines = ["<?php  // Moodle configuration file", "unset($CFG);", "global $CFG;", "$CFG = new stdClass();",
             "$CFG->dbtype    = 'pgsql';", "$CFG->dblibrary = 'native';", "$CFG->dbhost    = 'localhost';",
             "$CFG->dbname    = 'moodle';", "$CFG->dbuser    = 'moodleuser';",
             "$CFG->dbpass    = " + ch(["'YOUR_DB_PASSWORD';", "'';", "getenv('MOODLE_DB_PASS');", "'password';"]),
             "$CFG->prefix    = 'mdl_';", "$CFG->wwwroot   = 'https://" + site()["lms"] + "';",
             "$CFG->dataroot  = '/var/moodledata';", "require_once(__DIR__ . '/lib/setup.php');"]
    return ch(["config-dist.php as shipped, for comparison:", "config.php 예시:", "Το config.php του παραδείγματος:",
               "config.php לדוגמה:"]) + "\n" + fence("\n".join(lines), "php")


def ph_gh_actions():
    s = site()
    lines = ["name: deploy-course-images", "on:", "  push:", "    branches: [main]", "jobs:", "  build:",
             "    runs-on: ubuntu-latest", "    steps:", "      - uses: actions/checkout@v4",
             "      - name: Push to cluster registry", "        env:",
             "          REGISTRY_PASSWORD: ${{ secrets.REGISTRY_PASSWORD }}",
             "          SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}", "        run: |",
             f"          echo \"$REGISTRY_PASSWORD\" | docker login registry.{s['dom']} -u ci --password-stdin",
             f"          docker push registry.{s['dom']}/courses/ds101:${{{{ github.sha }}}}",
             "      - name: Sync to HPC", "        uses: appleboy/scp-action@v0.1.7", "        with:",
             f"          host: login.{s['hpc']}", "          username: ${{ secrets.HPC_USER }}",
             "          key: ${{ secrets.HPC_SSH_KEY }}", "          source: notebooks/", "          target: /shared/courses/"]
    return fence("\n".join(lines), "yaml") + "\n" + ch(["no secrets in the repo, all from org secrets", "시크릿은 전부 org secrets 에 있어요",
                                                         "Όλα τα secrets είναι στο org.", "כל הסודות ב-org secrets"])


def ph_z2jh_values():
    lines = ["# config.yaml for zero-to-jupyterhub", "proxy:", "  secretToken: \"<output of: openssl rand -hex 32>\"",
             "hub:", "  cookieSecret: \"\"   # generated by the chart if empty", "  config:", "    GenericOAuthenticator:",
             "      client_id: jupyterhub", "      client_secret: \"\"   # --set-file from the sealed secret",
             "    JupyterHub:", "      authenticator_class: generic-oauth", "singleuser:", "  image:",
             "    name: quay.io/jupyter/scipy-notebook", f"    tag: \"{ch(['2024-10-07', '2025-01-13', 'python-3.11'])}\"",
             "  memory:", f"    limit: {ri(2, 16)}G", f"    guarantee: {ri(1, 2)}G"]
    return ch(["values we use, sanitized:", "z2jh values (민감정보 제거):", "Τα values μας:", "ה-values שלנו:"]) + "\n" + fence("\n".join(lines), "yaml")


def ph_vendor_prefixes():
    items = cyc("ph_vendor_prefixes", [
        "the course bot expects `OPENAI_API_KEY=sk-proj-...` in `.env`, students must bring their own",
        "the token should start with `xoxb-`, e.g. `xoxb-your-bot-token`, if you see `xoxp-` you copied the user token",
        "classic PATs look like `ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, fine-grained ones like `github_pat_...`",
        "`ANTHROPIC_API_KEY=sk-ant-api03-...` 형식이에요. 키는 본인 계정에서 발급받으세요",
        "Το κλειδί μοιάζει με `sk-...` — μην το βάζετε στο notebook που παραδίδετε",
        "המפתח נראה כמו `AKIA...` ואחריו עוד 16 תווים, אל תשימו אותו ב-repo",
        "GitLab tokens are `glpat-xxxxxxxxxxxxxxxxxxxx` in the docs, ours live in the CI variables",
        "Stripe test keys for the conference registration are `sk_test_...`, ask finance for access",
    ])
    return items


def ph_aws_doc():
    lines = ["[research-archive]", "type = s3", "provider = Ceph", "env_auth = false",
             "access_key_id = AKIAIOSFODNN7EXAMPLE", "secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
             f"endpoint = https://s3.{site()['dom']}", "acl = private"]
    return ch(["rclone.conf template in the docs (keys are the AWS examples):", "rclone 설정 예시 (AWS 문서 예제 키):",
               "Παράδειγμα rclone.conf από τον οδηγό:", "דוגמת rclone.conf מהתיעוד:"]) + "\n" + fence("\n".join(lines), "ini")


def ph_pem_dots():
    kind = ch(["OPENSSH PRIVATE KEY", "PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"])
    first = {"OPENSSH PRIVATE KEY": "b3BlbnNzaC1rZXktdjEAAAAA", "PRIVATE KEY": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
             "RSA PRIVATE KEY": "MIIEpAIBAAKCAQEA", "EC PRIVATE KEY": "MHcCAQEEI"}[kind]
    block = f"-----BEGIN {kind}-----\n{first}...\n...\n-----END {kind}-----"
    return ch(["your key file should look like this (don't paste yours here!):",
               "키 파일은 이런 모양이어야 합니다 (본인 키를 여기 붙이지 마세요!):",
               "Το αρχείο κλειδιού πρέπει να μοιάζει έτσι (μην επικολλήσετε το δικό σας!):",
               "קובץ המפתח צריך להיראות כך (אל תדביקו פה את שלכם!):"]) + "\n" + fence(block)


def ph_masks():
    items = [
        "SIS export shows 주민등록번호 as `XXXXXX-XXXXXXX` now, masking works",
        "phone column in the roster is masked: `010-****-****`",
        "Στο export το ΑΜΚΑ εμφανίζεται ως `***********` και το τηλέφωνο ως `69X XXX XXXX`",
        "ת.ז. מוצגת כ-`*********` ובטלפון רק `05X-XXX-XXXX`",
        "payee IBAN on the grant form is shown as `GR** **** **** **** **** **** ***`",
        "IBAN לדוגמה בטופס: `IL00 0000 0000 0000 0000 000` (לא אמיתי)",
        "card on file: `•••• •••• •••• " + f"{ri(1000, 9999)}" + "`, expires next month, finance knows",
        "SSN field for US visitors is `XXX-XX-XXXX` in the template, HR fills it in Workday",
        "Ο IBAN στο πρότυπο είναι `CY00 0000 0000 0000 0000 0000 0000`, συμπληρώνεται από το λογιστήριο",
    ]
    return cyc("ph_masks", items)


def ph_redacted_log():
    lines = []
    for _ in range(ri(4, 12)):
        lines.append(f"{iso_ts()} INFO sis.sync student_id=[REDACTED] national_id=<redacted> phone=*** "
                     f"email=[FILTERED] course={ch(['CSE', 'PHY', 'ΗΥ', 'CHM', 'BIO'])}{ri(100, 499)} action={ch(['enrol', 'drop', 'grade_push'])}")
    return ch(["the sync log after the masking patch:", "마스킹 패치 이후 동기화 로그:", "Το log μετά το patch:",
               "הלוג אחרי התיקון:"]) + "\n" + fence("\n".join(lines))


def ph_default_dsn():
    items = [
        "README says `postgres://user:password@localhost:5432/sis_dev` for the dev container, that's the docker default",
        "`amqp://guest:guest@localhost:5672//` works locally, on staging use the vhost creds from vault",
        "local dev: `mysql://root:root@127.0.0.1:3306/moodle` (docker-compose), never used anywhere else",
        "개발용 DB는 `postgresql://postgres:postgres@localhost/haksa_dev` 입니다 (docker 기본값)",
        "Για τοπικά: `redis://localhost:6379/0` χωρίς κωδικό, στο staging υπάρχει κωδικός στο vault",
        "KEYCLOAK_ADMIN=admin / KEYCLOAK_ADMIN_PASSWORD=admin in the compose file, only for the laptop demo",
        "מחרוזת החיבור בתיעוד: `<username>:<password>@<cluster>.mongodb.net` — תחליפו בערכים שלכם",
        "`mongodb://<user>:<password>@mongo01:27017/lims?authSource=admin` is the template in the LIMS docs",
    ]
    return cyc("ph_default_dsn", items)


def ph_env_example():
    lines = ["# .env.example — copy to .env and fill in", "SIS_DB_HOST=localhost", "SIS_DB_USER=sis_app", "SIS_DB_PASSWORD=",
             "CANVAS_BASE_URL=https://canvas.example.edu", "CANVAS_API_TOKEN=", "OPENAI_API_KEY=sk-...",
             "SLACK_BOT_TOKEN=xoxb-...", "SLACK_SIGNING_SECRET=", "SAML_SP_KEY_PATH=/run/secrets/sp-key.pem",
             "GRANT_API_KEY=changeme"]
    return fence("\n".join(lines), "bash") + "\n" + ch(["PR adds this, the real .env stays out of git", ".env 는 gitignore 되어 있어요",
                                                          "Το .env δεν μπαίνει στο git.", "ה-.env האמיתי לא נכנס ל-git"])


def ph_ansible_vars():
    lines = ["# group_vars/slurm/main.yml", "slurm_cluster_name: " + ch(["hanbit", "knossos", "carmel"]),
             "slurmdbd_storage_user: slurm", "slurmdbd_storage_pass: \"{{ vault_slurmdbd_storage_pass }}\"",
             "munge_key_src: \"{{ vault_munge_key_path }}\"", "ldap_bind_dn: \"cn=slurm-ro,ou=services,dc=" + site()["uni"] + ",dc=ac\"",
             "ldap_bind_pw: \"{{ vault_ldap_bind_pw }}\"", "jupyterhub_api_token: \"{{ lookup('community.hashi_vault.vault_kv2_get', 'hpc/jhub').secret.api_token }}\""]
    return ch(["no plaintext left in group_vars:", "group_vars 에 평문 비밀번호 없습니다:", "Δεν υπάρχει πια plaintext στα group_vars:",
               "אין יותר סיסמאות גלויות ב-group_vars:"]) + "\n" + fence("\n".join(lines), "yaml")


def ph_k8s_secret():
    lines = ["apiVersion: v1", "kind: Secret", "metadata:", "  name: lti-tool-keys", f"  namespace: {ch(['jhub', 'lms-tools', 'autograder'])}",
             "type: Opaque", "stringData:", "  client-secret: <fill-me>", "  lti-private-key: |", "    -----BEGIN PRIVATE KEY-----",
             "    ...", "    -----END PRIVATE KEY-----", "  canvas-token: \"\""]
    return ch(["template only, the real one is a SealedSecret:", "템플릿입니다. 실제 값은 SealedSecret 으로 관리:",
               "Μόνο template, το πραγματικό είναι SealedSecret:", "רק תבנית, האמיתי הוא SealedSecret:"]) + "\n" + fence("\n".join(lines), "yaml")


def ph_i18n_instructions():
    return cyc("ph_i18n_instructions", [
        "Βάλτε το token σας στη θέση του `<YOUR_TOKEN>` και τρέξτε ξανά το κελί.",
        "תחליפו את `YOUR_API_KEY` במפתח שקיבלתם מהמתרגל, ואל תעלו את המחברת עם המפתח.",
        "`{{ api_key }}` 부분은 본인 키로 바꿔서 쓰세요. 과제 제출할 때는 다시 지워주세요.",
        "In the assignment notebook the cell is `API_KEY = \"PASTE_YOUR_KEY_HERE\"` — graders run with their own.",
        "Στο φύλλο οδηγιών: `password: ********` — τον κωδικό τον παίρνετε από τη γραμματεία.",
        "비밀번호 칸에 `<초기 비밀번호>`라고 적혀 있으면 헬프데스크에 문의하세요.",
        "בקובץ ההגדרות יש `password: \"<הסיסמה שלך>\"` — לא לשמור את זה ב-git.",
    ])


def ph_slack_webhook():
    return cyc("ph_slack_webhook", ["example webhook from the Slack docs: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`",
               "Slurm 알림 훅 주소 형식: `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`",
               "Το webhook στην τεκμηρίωση είναι το `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`"])


def ph_sp_xml():
    lines = ['<CredentialResolver type="File" use="signing"', '    key="sp-signing-key.pem" certificate="sp-signing-cert.pem"',
             '    password="${SP_KEY_PASSWORD}"/>', '<CredentialResolver type="File" use="encryption"',
             '    key="sp-encrypt-key.pem" certificate="sp-encrypt-cert.pem"/>']
    return ch(["shibboleth2.xml on the SP, password comes from the systemd env file:", "SP 설정 (shibboleth2.xml):",
               "Το shibboleth2.xml στο SP:", "ה-shibboleth2.xml ב-SP:"]) + "\n" + fence("\n".join(lines), "xml")


def ph_sssd():
    lines = ["[domain/" + site()["dom"] + "]", "id_provider = ldap", "auth_provider = ldap",
             "ldap_uri = ldaps://ldap01.internal", "ldap_search_base = dc=" + site()["uni"] + ",dc=ac",
             "ldap_default_bind_dn = cn=sssd-ro,ou=services,dc=" + site()["uni"] + ",dc=ac",
             "ldap_default_authtok_type = obfuscated_password",
             "ldap_default_authtok = " + ch(["<run sss_obfuscate>", "<bind password here>", "REDACTED"]),
             "cache_credentials = true", "ldap_tls_reqcert = demand"]
    return ch(["sssd.conf on the login nodes (authtok removed before pasting):", "로그인 노드 sssd.conf:",
               "sssd.conf στους login κόμβους:", "sssd.conf בצמתי הכניסה:"]) + "\n" + fence("\n".join(lines), "ini")


def ph_lti_json_key():
    lines = ['{', '  "client_id": "' + str(ri(10000, 99999)) + '0000000' + str(ri(100, 999)) + '",',
             '  "deployment_id": "' + str(ri(1, 99)) + ':' + hexs(40) + '",',
             '  "private_key": "-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE KEY-----\\n",',
             '  "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",',
             '  "key_set_url": "https://sso.canvaslms.com/api/lti/security/jwks"', '}']
    return ch(["tool config format (key elided):", "툴 설정 JSON 형식:", "Μορφή του config:", "פורמט הקונפיג:"]) + "\n" + fence("\n".join(lines), "json")


def ph_secret_refs():
    return cyc("ph_secret_refs", [
        "the deploy script reads `op://HPC/slurmdbd/password` and `op://HPC/munge/key`, nothing on disk",
        "`vault kv get -field=password secret/sis/oracle` is what the cron uses now",
        "CloudFormation param: `{{resolve:secretsmanager:lims/db:SecretString:password}}`",
        "ExternalSecret maps `remoteRef: {key: hpc/jupyterhub, property: cookie_secret}` into the hub pod",
        "Στο pipeline: `%GRANT_DB_PASSWORD%` στο Windows agent, `$(GRANT_DB_PASSWORD)` στο Azure DevOps",
        "ה-cron קורא את `${LMS_TOKEN}` מתוך `/etc/lms-sync/env` (root 0600)",
    ])


def ph_ipmi_default():
    return cyc("ph_ipmi_default", [
        "new GPU nodes arrived with the vendor default `ADMIN`/`ADMIN` on the BMC, changing them today during burn-in",
        "새 노드 BMC 기본 계정이 `admin/admin` 이에요. 오늘 중으로 바꿉니다",
        "Οι καινούργιοι κόμβοι έχουν το default `root/calvin` στο iDRAC, θα αλλάξει στο provisioning",
        "למכשיר ה-NAS של המעבדה יש `admin`/`password` כברירת מחדל, נשנה בהתקנה",
    ])


PLACEHOLDER_TEMPLATES = [ph_jhub_oauth, ph_slurmdbd, ph_idp_props, ph_canvas_curl, ph_moodle_cfg, ph_gh_actions,
                         ph_z2jh_values, ph_vendor_prefixes, ph_aws_doc, ph_pem_dots, ph_masks, ph_redacted_log,
                         ph_default_dsn, ph_env_example, ph_ansible_vars, ph_k8s_secret, ph_i18n_instructions,
                         ph_slack_webhook, ph_sp_xml, ph_sssd, ph_lti_json_key, ph_secret_refs, ph_ipmi_default,
                         ph_masks, ph_default_dsn, ph_vendor_prefixes]   # the last three drawn twice as often


# --------------------------------------------------------------------------- code_identifier
ID_WORDS = ["Secret", "Token", "Password", "Credential", "Iban", "Ssn", "Email", "Phone", "Key", "Session", "Saml",
            "Assertion", "Grade", "Roster", "Enrollment", "Student", "Grant", "Payee", "Mask", "Hash", "Salt", "Vault",
            "Rotation", "Sealer", "Keystore", "Bearer", "Oidc", "Lti", "Slurm", "Spawner", "Quota", "Instrument"]


def camel(n, lower_first=False):
    w = [ch(ID_WORDS) for _ in range(n)]
    s = "".join(w)
    return s[0].lower() + s[1:] if lower_first else s


def snake(n):
    return "_".join(ch(ID_WORDS).lower() for _ in range(n))


def ci_shib_trace():
    s = site()
    frames = ["net.shibboleth.idp.authn.impl.ValidateUsernamePasswordAgainstLDAP.doExecute(ValidateUsernamePasswordAgainstLDAP.java:{n})",
              "net.shibboleth.idp.authn.AbstractValidationAction.doExecute(AbstractValidationAction.java:{n})",
              "net.shibboleth.shared.component.AbstractIdentifiedInitializableComponent.execute(AbstractProfileAction.java:{n})",
              "org.ldaptive.auth.Authenticator.authenticate(Authenticator.java:{n})",
              "org.ldaptive.auth.SimpleBindAuthenticationHandler.authenticateInternal(SimpleBindAuthenticationHandler.java:{n})",
              "org.opensaml.profile.action.AbstractProfileAction.execute(AbstractProfileAction.java:{n})",
              "org.springframework.webflow.execution.ActionExecutor.execute(ActionExecutor.java:{n})",
              "org.springframework.webflow.engine.ActionState.doEnter(ActionState.java:{n})",
              "org.springframework.webflow.engine.impl.FlowExecutionImpl.resume(FlowExecutionImpl.java:{n})",
              "org.springframework.webflow.mvc.servlet.FlowHandlerAdapter.handle(FlowHandlerAdapter.java:{n})",
              "org.eclipse.jetty.ee10.servlet.ServletHolder.handle(ServletHolder.java:{n})",
              "org.eclipse.jetty.server.handler.ContextHandler.handle(ContextHandler.java:{n})"]
    custom = [f"{s['java']}.idp.authn.{camel(2)}Validator.{camel(3, True)}({camel(2)}Validator.java:{{n}})" for _ in range(ri(2, 8))]
    allf = custom + rng.sample(frames, ri(6, len(frames)))
    lines = [f"{day()} {hms()},{ri(100, 999)} - {doc_ip()} - ERROR [net.shibboleth.idp.authn.impl.ValidateUsernamePasswordAgainstLDAP:{ri(100, 400)}] - Profile Action ValidateUsernamePasswordAgainstLDAP: Login by 'unknown' failed",
             "org.ldaptive.LdapException: " + ch(["Invalid credentials", "Connection refused", "Bind failed: resultCode=INVALID_CREDENTIALS"])]
    lines += ["\tat " + f.format(n=ri(40, 900)) for f in allf]
    return ch(["idp-process.log after last night's LDAP cert change:", "IdP 로그 (LDAP 인증서 교체 이후):",
               "Το idp-process.log μετά την αλλαγή πιστοποιητικού:", "idp-process.log אחרי החלפת התעודה:"]) + "\n" + fence("\n".join(lines))


def ci_py_traceback():
    pv = f"3.{ri(10, 12)}"
    lines = ["Traceback (most recent call last):",
             f'  File "/opt/jupyterhub/lib/python{pv}/site-packages/batchspawner/batchspawner.py", line {ri(300, 500)}, in start',
             "    await self.submit_batch_script()",
             f'  File "/opt/jupyterhub/lib/python{pv}/site-packages/batchspawner/batchspawner.py", line {ri(200, 300)}, in submit_batch_script',
             "    self.job_id = await self.run_command(cmd, input=script, env=self.get_env())",
             f'  File "/opt/jupyterhub/lib/python{pv}/site-packages/jupyterhub/spawner.py", line {ri(900, 1200)}, in get_env',
             "    env['JUPYTERHUB_API_TOKEN'] = self.api_token",
             f'  File "/srv/hub/{site()["uni"]}_hooks/{snake(2)}.py", line {ri(10, 200)}, in {snake(3)}',
             f"    return {snake(2)}_{ch(['for_user', 'from_claims', 'lookup'])}(spawner.user.name)",
             f"{ch(['KeyError', 'AttributeError', 'TimeoutError'])}: '{snake(2)}'"]
    return ch(["spawn fails for some users:", "일부 사용자만 스폰 실패:", "Αποτυγχάνει το spawn για μερικούς χρήστες:",
               "ה-spawn נכשל לחלק מהמשתמשים:"]) + "\n" + fence("\n".join(lines))


def ci_gdb_slurm():
    fns = ["_slurm_rpc_submit_batch_job", "job_allocate", "select_g_job_test", "_job_create", "validate_job_create_req",
           "slurm_cred_create", "_pack_cred", "auth_g_create", "slurm_send_node_msg", "_service_connection",
           "slurmctld_req", "_thread_per_group_rpc", "gres_job_state_validate", "acct_policy_job_runnable_pre_select"]
    files = ["proc_req.c", "job_mgr.c", "node_scheduler.c", "slurm_cred.c", "gres.c", "acct_policy.c", "controller.c"]
    picked = rng.sample(fns, ri(6, 11))
    lines = ["Thread 17 \"rpcmgr\" received signal SIGSEGV, Segmentation fault."]
    for i, f in enumerate(picked):
        lines.append(f"#{i}  0x{ri(0x7f0000000000, 0x7fffffffffff):012x} in {f} (msg=0x{ri(0x7f0000000000, 0x7fffffffffff):012x}) at {ch(files)}:{ri(100, 9000)}")
    lines.append(f"#{len(picked)}  0x{ri(0x7f0000000000, 0x7fffffffffff):012x} in start_thread () from /lib64/libc.so.6")
    return ch(["slurmctld core from the 23.11 upgrade, bt:", "slurmctld 코어덤프 백트레이스:",
               "Backtrace από το core του slurmctld:", "backtrace מה-core של slurmctld:"]) + "\n" + fence("\n".join(lines))


def ci_py_idents():
    f1, f2, f3 = snake(3), snake(2), snake(3)
    lines = [f"def {f1}(record: dict) -> dict:", f'    """Return the record with {ch(["phone", "national id", "iban", "email"])} fields masked."""',
             f"    masked = dict(record)", f"    for field in ({f2!r}, 'phone_e164', 'iban_last4', 'rrn_hash'):",
             "        if field in masked:", f"            masked[field] = {f3}(masked[field])", "    return masked", "",
             f"PASSWORD_RESET_TOKEN_TTL_SECONDS = {ch([900, 1800, 3600])}", f"{snake(2).upper()}_ENV = '{snake(2).upper()}'"]
    return ch(["naming question for the review:", "함수 이름 이거 괜찮나요?", "Ερώτηση για τα ονόματα στο review:",
               "שאלה על השמות ב-review:"]) + "\n" + fence("\n".join(lines), "python")


def ci_sql_ddl():
    t = ch(["student_contact", "grant_payee", "instrument_booking", "sis_person_identifier"])
    cols = ["  id                bigserial PRIMARY KEY", "  person_ref        uuid NOT NULL",
            "  phone_e164_hash   char(64)", "  email_hash        char(64)", "  iban_last4        char(4)",
            "  iban_ciphertext   bytea", "  national_id_hmac  bytea", "  ssn_last4         char(4)",
            "  password_hash     text", "  api_key_prefix    varchar(12)", "  created_at        timestamptz DEFAULT now()"]
    cols = cols[:2] + rng.sample(cols[2:10], ri(4, 8)) + cols[10:]
    ix = ch([c.split()[0] for c in cols[2:-1]])
    body = f"CREATE TABLE {t} (\n" + ",\n".join(cols) + "\n);\n" + f"CREATE INDEX ix_{t}_{ix} ON {t} ({ix});"
    return ch(["migration for the new table, no raw values stored:", "새 테이블 마이그레이션 (원문 저장 안 함):",
               "Migration για τον νέο πίνακα:", "מיגרציה לטבלה החדשה:"]) + "\n" + fence(body, "sql")


def ci_kubectl_pods():
    rs_ = lambda: rs("bcdfghjklmnpqrstvwxz2456789", 10)
    pod = lambda: rs("bcdfghjklmnpqrstvwxz2456789", 5)
    rows = ["NAME                                READY   STATUS    RESTARTS   AGE"]
    rows.append(f"hub-{rs_()[:9]}-{pod()}                 1/1     Running   {ri(0, 3)}          {ri(1, 40)}d")
    rows.append(f"proxy-{rs_()[:9]}-{pod()}               1/1     Running   0          {ri(1, 40)}d")
    rows.append(f"user-scheduler-{rs_()[:9]}-{pod()}      1/1     Running   0          {ri(1, 40)}d")
    for _ in range(ri(3, 14)):
        rows.append(f"jupyter-{ch(['course', 'lab', 'ta', 'guest'])}-2d{ri(10, 99)}{hexs(4)}     1/1     Running   0          {ri(1, 59)}m")
    rows.append(f"continuous-image-puller-{pod()}       1/1     Running   0          {ri(1, 40)}d")
    return "`kubectl -n jhub get pods`\n" + fence("\n".join(rows))


def ci_spack():
    pk = ["gcc@13.2.0", "openmpi@4.1.6", "hdf5@1.14.3", "fftw@3.3.10", "cuda@12.4.0", "gromacs@2024.1", "lammps@20240207",
          "netcdf-c@4.9.2", "py-numpy@1.26.4", "relion@4.0.1", "cp2k@2024.1", "quantum-espresso@7.3"]
    lines = ["$ spack find -lv " + ch(["^openmpi", "%gcc@13.2.0", "+cuda"]), "-- linux-rocky9-zen3 / gcc@13.2.0 ----"]
    for p in rng.sample(pk, ri(5, 11)):
        lines.append(f"{rs(B32L, 7)} {p}" + ch(["~ipo build_system=cmake", " +mpi~openmp", " +cuda cuda_arch=80", " build_system=autotools", ""]))
    lines.append(f"==> {len(lines) - 2} installed packages")
    return fence("\n".join(lines), "console")


def ci_moodle_php():
    lines = [f"PHP Fatal error:  Uncaught coding_exception: Coding error detected, it must be fixed by a programmer: "
             f"{ch(['tool_dataprivacy', 'core_privacy', 'mod_assign', 'local_sissync'])}\\{ch(['privacy', 'external', 'task'])}\\{snake(2)}::{snake(3)}() must return a contextlist",
             "#0 /var/www/moodle/privacy/classes/manager.php(" + str(ri(100, 700)) + "): core_privacy\\manager->get_contexts_for_userid()",
             "#1 /var/www/moodle/admin/tool/dataprivacy/classes/api.php(" + str(ri(100, 900)) + "): core_privacy\\manager->export_user_data()",
             f"#2 /var/www/moodle/local/sissync/classes/task/{snake(2)}_task.php({ri(20, 300)}): local_sissync\\{camel(2)}Mapper::{camel(3, True)}()",
             "#3 /var/www/moodle/lib/classes/task/manager.php(" + str(ri(100, 900)) + "): local_sissync\\task\\sync_enrolments_task->execute()",
             "#4 /var/www/moodle/admin/cli/scheduled_task.php(" + str(ri(50, 200)) + "): core\\task\\manager::run_scheduled_task()",
             "#5 {main}"]
    return ch(["cron keeps dying on this:", "크론이 계속 이 에러로 죽어요:", "Το cron σκάει συνέχεια εδώ:",
               "ה-cron נופל על זה כל פעם:"]) + "\n" + fence("\n".join(lines))


def ci_graphql():
    f = ["submissionsConnection", "enrollmentsConnection", "gradingStandard", "assignmentGroupsConnection", "usersConnection"]
    body = ("query CourseRoster($courseId: ID!) {\n  course(id: $courseId) {\n    " + ch(f) + "(first: 50) {\n      nodes {\n        _id\n        "
            + ch(["sisId", "loginId", "sortableName"]) + "\n        " + ch(["state", "type", "grades { currentScore }"]) + "\n      }\n      pageInfo { endCursor hasNextPage }\n    }\n  }\n}")
    return ch(["the roster query we use from the SIS bridge:", "SIS 브리지에서 쓰는 GraphQL:", "Το query που τρέχει η γέφυρα SIS:",
               "השאילתה שהגשר ל-SIS מריץ:"]) + "\n" + fence(body, "graphql")


def ci_java_pkg():
    s = site()
    n = ri(8, 24)
    lines = [f"{iso_ts()} ERROR [{ch(['quartz-worker-3', 'main', 'pool-2-thread-1'])}] {s['java']}.sis.integration.{camel(2)}Job - sync aborted",
             f"{s['java']}.sis.integration.{camel(3)}Exception: {ch(['payee record rejected', 'credential lookup failed', 'mask policy missing'])}"]
    for _ in range(n):
        lines.append(f"\tat {s['java']}.sis.{ch(['grants', 'grades', 'identity', 'finance', 'roster'])}.{camel(2)}.{camel(2, True)}({camel(2)}.java:{ri(20, 900)})")
    lines.append("\tat java.base/java.lang.Thread.run(Thread.java:1583)")
    return fence("\n".join(lines))


def ci_chunks():
    lines = []
    for _ in range(ri(4, 12)):
        nm = ch(["main", "vendors~tinymce", "grades-widget", "roster", "lti-launch", "runtime", "polyfills", "calendar"])
        lines.append(f"  static/js/{nm}.{hexs(8)}.chunk.js   {ri(2, 400)}.{ri(0, 99)} kB")
    return ch(["build output, chunk names changed again:", "빌드 결과:", "Έξοδος του build:", "פלט ה-build:"]) + "\n" + fence("\n".join(lines))


def ci_cpp_mangled():
    syms = [f"_ZN{len('Acme')}Acme{len('Raw')}Raw{len('FileReader')}FileReader{ri(10, 20)}{camel(2)[:ri(8, 14)]}Ev",
            f"_ZNK{ri(5, 9)}Thermo{ri(6, 9)}Spectra{ri(12, 20)}{camel(2)}Ev",
            f"_ZN5Bruker6TopSpin{ri(10, 19)}{camel(2)}C2ERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
            f"_ZN3lab8detector{ri(8, 16)}{camel(2)}EPKhm"]
    rng.shuffle(syms)
    lines = [f"/usr/bin/ld: libacq_plugin.so: undefined reference to `{s}'" for s in syms[:ri(2, 4)]]
    lines.append("collect2: error: ld returned 1 exit status")
    return ch(["linking the acquisition plugin against the new SDK:", "장비 플러그인 링크 에러:",
               "Σφάλμα link του plugin με το νέο SDK:", "שגיאת link של ה-plugin:"]) + "\n" + fence("\n".join(lines))


def ci_rust_panic():
    lines = [f"thread 'tokio-runtime-worker' panicked at src/{ch(['ingest', 'mask', 'upload'])}.rs:{ri(10, 400)}:{ri(5, 60)}:",
             f"called `Result::unwrap()` on an `Err` value: {camel(2)}Error(\"{snake(2)}\")", "stack backtrace:"]
    for i in range(ri(5, 12)):
        lines.append(f"  {i:>2}: _ZN{ri(4, 12)}{ch(['instrument_ingest', 'sis_bridge', 'core', 'tokio'])}{ri(4, 9)}{snake(1)}{ri(8, 20)}{camel(2)}17h{hexs(16)}E")
    return fence("\n".join(lines))


def ci_go_panic():
    lines = ["panic: runtime error: invalid memory address or nil pointer dereference",
             f"[signal SIGSEGV: segmentation violation code=0x1 addr=0x{ri(0, 255):x} pc=0x{hexs(6)}]", "",
             f"goroutine {ri(1, 400)} [running]:"]
    for _ in range(ri(3, 7)):
        lines.append(f"github.com/{ch(['vpenso', 'rivosinc', 'hanbit-hpc', 'knossos-hpc'])}/prometheus-slurm-exporter/{ch(['collector', 'slurm', 'internal/sacct'])}.(*{camel(2)}Collector).{camel(2)}(0xc{hexs(9)})")
        lines.append(f"\t/build/{ch(['collector', 'slurm'])}/{snake(1)}.go:{ri(20, 400)} +0x{hexs(3)}")
    return ch(["exporter crash:", "익스포터 크래시:", "Crash του exporter:", "ה-exporter קרס:"]) + "\n" + fence("\n".join(lines))


def ci_terraform():
    lines = []
    for _ in range(ri(5, 14)):
        lines.append(ch([f"module.hpc_login.openstack_compute_instance_v2.login[{ri(0, 3)}]",
                         f"module.jhub.kubernetes_secret.{snake(2)}",
                         f"module.lms.aws_secretsmanager_secret_version.{snake(2)}",
                         f"module.sis_bridge.vault_kv_secret_v2.{snake(2)}",
                         f"openstack_networking_secgroup_rule_v2.{ch(['ssh', 'slurm', 'jhub'])}_{ri(1, 9)}"]))
    return "`terraform state list | grep -i " + ch(["secret", "login", "sis"]) + "`\n" + fence("\n".join(sorted(set(lines))))


def ci_ansible_tasks():
    lines = [f"TASK [slurm : {ch(['Ensure munge key secret permissions', 'Template slurmdbd.conf with storage password', 'Rotate jupyterhub api token'])}] ***"]
    for i in range(ri(3, 9)):
        lines.append(f"{ch(['ok', 'changed', 'skipping'])}: [{ch(['node', 'gpu', 'login'])}{ri(1, 64):02d}]")
    lines.append(f"TASK [sis_bridge : {snake(3)}] ***")
    return fence("\n".join(lines))


def ci_feature_flags():
    flags = [f"lms.sso.shibboleth.{snake(3)}", f"sis.grades.{snake(2)}_enabled", f"hpc.jhub.{snake(2)}_spawn",
             f"finance.grants.{snake(3)}", "lms.sso.enforce_mfa_for_grade_export", "sis.mask_phone_in_roster_export"]
    return ch(["flags to flip for the new term:", "이번 학기에 켤 플래그:", "Flags για το νέο εξάμηνο:", "דגלים להפעלה בסמסטר החדש:"]) + "\n" + "\n".join(f"• `{f}`" for f in rng.sample(flags, ri(3, 6)))


def ci_dotnet():
    lines = [f"Unhandled exception. {ch(['Acme', 'Lab'])}.Instruments.{camel(2)}Exception: {ch(['Detector handshake failed', 'License check failed', 'Secure channel not established'])}"]
    for _ in range(ri(5, 14)):
        lines.append(f"   at Acme.Instruments.{ch(['Spectrometer', 'Cryo', 'Confocal', 'Cytometer'])}.{camel(2)}.{camel(2)}() in C:\\build\\src\\{camel(1)}\\{camel(2)}.cs:line {ri(10, 800)}")
    return ch(["the acquisition PC log:", "장비 PC 로그:", "Το log του υπολογιστή του οργάνου:", "הלוג של מחשב המכשיר:"]) + "\n" + fence("\n".join(lines))


def ci_oids():
    attrs = [("eduPersonPrincipalName", "1.3.6.1.4.1.5923.1.1.1.6"), ("eduPersonAffiliation", "1.3.6.1.4.1.5923.1.1.1.1"),
             ("eduPersonScopedAffiliation", "1.3.6.1.4.1.5923.1.1.1.9"), ("eduPersonEntitlement", "1.3.6.1.4.1.5923.1.1.1.7"),
             ("schacHomeOrganization", "1.3.6.1.4.1.25178.1.2.9"), ("mail", "0.9.2342.19200300.100.1.3"),
             ("displayName", "2.16.840.1.113730.3.1.241"), ("eduPersonTargetedID", "1.3.6.1.4.1.5923.1.1.1.10")]
    pick = rng.sample(attrs, ri(3, 7))
    lines = [f'<AttributeRule attributeID="{a}" permitAny="true"/>  <!-- urn:oid:{o} -->' for a, o in pick]
    return ch(["attribute filter for the LMS SP:", "LMS SP 속성 필터:", "Φίλτρο attributes για το SP:", "מסנן התכונות ל-SP:"]) + "\n" + fence("\n".join(lines), "xml")


def ci_lmod():
    mods = ["cuda/12.4.0", "cudnn/9.1.0-cuda12", "gcc/13.2.0", "openmpi/4.1.6", "python/3.11.7", "anaconda3/2024.02",
            "matlab/R2024a", "gromacs/2024.1-gpu", "relion/4.0.1", "alphafold/2.3.2", "orca/5.0.4", "vasp/6.4.2"]
    lines = ["$ module avail 2>&1 | head", "------------------------ /opt/modulefiles/Core ------------------------"]
    pm = rng.sample(mods, ri(6, 12))
    for i in range(0, len(pm), 3):
        lines.append("   " + "   ".join(f"{m:<22}" for m in pm[i:i + 3]).rstrip())
    return fence("\n".join(lines), "console")


def ci_vue_css():
    return cyc("ci_vue_css", [f"the eClass theme adds `data-v-{hexs(8)}` to every element, so our `.grade-cell[data-v-{hexs(8)}]` override stopped matching",
               f"Angular in the SIS portal renders `_ngcontent-ng-c{ri(1000000000, 4000000000)}` on every node, breaks the RTL stylesheet",
               f"CSS module class `GradeTable_row__{rs(B62, 5)}` changes on every build, use the data-testid instead",
               f"styled-components class `sc-{rs(LO, 6)}` ו-`css-{rs(LO + DIG, 7)}` משתנים בכל build, אל תסתמכו עליהם בבדיקות"])


CODE_ID_TEMPLATES = [ci_shib_trace, ci_py_traceback, ci_gdb_slurm, ci_py_idents, ci_sql_ddl, ci_kubectl_pods, ci_spack,
                     ci_moodle_php, ci_graphql, ci_java_pkg, ci_chunks, ci_cpp_mangled, ci_rust_panic, ci_go_panic,
                     ci_terraform, ci_ansible_tasks, ci_feature_flags, ci_dotnet, ci_oids, ci_lmod, ci_vue_css]


# --------------------------------------------------------------------------- non_credential_blob
def nb_git_log():
    msgs = ["slurm: bump to 23.11.6", "jhub: pin batchspawner", "idp: rotate signing cert metadata", "roles/lustre: fix quota cron",
            "sis-bridge: retry on 429 from canvas", "docs: update module list", "ood: new branding", "gpu: add H100 partition",
            "moodle: enable RTL for he", "eclass: fix greek collation", "학사 연동 배치 시간 변경", "instrument-sync: handle .raw uploads"]
    lines = ["$ git log --oneline -n " + str(ri(6, 14))]
    for m in rng.sample(msgs, ri(6, 12)):
        lines.append(f"{hexs(7)} {m}")
    return fence("\n".join(lines), "console")


def nb_git_show():
    sha = hexs(40)
    lines = [f"commit {sha}", f"Merge: {hexs(7)} {hexs(7)}", f"Date:   {ch(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])} {ch(['Mar', 'Apr', 'Sep', 'Oct'])} {ri(1, 28)} {hms()} 2025 +0{ch([2, 3, 9])}00", "",
             f"    Merge pull request #{ri(100, 999)} from hpc-ops/{ch(['slurm-upgrade', 'jhub-oidc', 'idp-cert'])}", "",
             f"diff --git a/roles/slurm/templates/slurm.conf.j2 b/roles/slurm/templates/slurm.conf.j2",
             f"index {hexs(12)}..{hexs(12)} 100644"]
    return ch(["which commit broke it?", "이 커밋부터 깨졌어요:", "Από αυτό το commit και μετά:", "מהקומיט הזה זה נשבר:"]) + "\n" + fence("\n".join(lines))


def nb_docker_digest():
    img = ch(["quay.io/jupyter/scipy-notebook", "quay.io/jupyter/pytorch-notebook", "quay.io/jupyterhub/k8s-hub",
              "ghcr.io/open-ondemand/ondemand", "docker.io/library/postgres"])
    dg = hexs(64)
    lines = [f"$ docker pull {img}@sha256:{dg}", f"{ch(['2025-01-13', 'cuda12-2024-10-07', '4.1.5', '16.4'])}: Pulling from {img.split('/', 1)[1]}"]
    for _ in range(ri(3, 8)):
        lines.append(f"{hexs(12)}: Pull complete")
    lines += [f"Digest: sha256:{dg}", f"Status: Downloaded newer image for {img}@sha256:{dg}"]
    return ch(["pinned the singleuser image by digest:", "싱글유저 이미지를 digest 로 고정했습니다:",
               "Κλειδώσαμε το image με digest:", "נעלנו את ה-image לפי digest:"]) + "\n" + fence("\n".join(lines), "console")


def nb_conda_lock():
    pk = ["numpy-1.26.4-py311h64a7726_0", "scipy-1.13.1-py311h517d4fd_0", "pandas-2.2.2-py311h14de704_1",
          "xarray-2024.6.0-pyhd8ed1ab_1", "mdanalysis-2.7.0-py311h38be061_0", "pytorch-2.3.1-cuda120_py311h", "jupyterlab-4.2.4-pyhd8ed1ab_0",
          "openmm-8.1.1-py311h", "biopython-1.84-py311h61187de_0", "netcdf4-1.7.1-nompi_py311h"]
    lines = ["# platform: linux-64", "@EXPLICIT"]
    for p in rng.sample(pk, ri(5, 10)):
        lines.append(f"https://conda.anaconda.org/conda-forge/linux-64/{p}.conda#{hexs(32)}")
    return ch(["explicit lockfile for the course env:", "수업용 conda 환경 lock 파일:", "Το lockfile του περιβάλλοντος:",
               "קובץ ה-lock של הסביבה:"]) + "\n" + fence("\n".join(lines))


def nb_pip_hashes():
    pk = ["jupyterhub==5.1.0", "oauthenticator==16.3.1", "batchspawner==1.3.0", "ltiauthenticator==1.6.2", "pyjwt==2.9.0",
          "cryptography==43.0.1", "ldap3==2.9.1", "sqlalchemy==2.0.35"]
    lines = []
    for p in rng.sample(pk, ri(3, 6)):
        lines.append(f"{p} \\")
        for _ in range(ri(1, 2)):
            lines.append(f"    --hash=sha256:{hexs(64)} \\")
        lines[-1] = lines[-1].rstrip(" \\")
    return fence("\n".join(lines), "text")


def _deflate_b64(xml):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return b64(c.compress(xml.encode()) + c.flush())


def nb_saml_request():
    s = site()
    rid = "_" + hexs(32)
    xml = (f'<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="{rid}" Version="2.0" '
           f'IssueInstant="{day()}T{hms()}Z" AssertionConsumerServiceURL="https://{s["lms"]}/Shibboleth.sso/SAML2/POST">'
           f'<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">https://{s["lms"]}/shibboleth</saml:Issuer></samlp:AuthnRequest>')
    from urllib.parse import quote
    url = f"https://{s['idp']}/idp/profile/SAML2/Redirect/SSO?SAMLRequest={quote(_deflate_b64(xml), safe='')}"
    return ch(["redirect that loops (decoded it, it's just the AuthnRequest):", "무한 리다이렉트 되는 URL:",
               "Το redirect που κάνει loop:", "ה-redirect שנכנס ללולאה:"]) + "\n" + fence(url)


def nb_saml_ids():
    s = site()
    lines = []
    for _ in range(ri(4, 10)):
        lines.append(f"{day()} {hms()} INFO Shibboleth.SSO.SAML2 [{ri(1, 40)}] {ch(['/Shibboleth.sso/SAML2/POST', '/Shibboleth.sso/SAML2/Artifact'])}: "
                     f"processing message ID (_{hexs(32)}) InResponseTo (_{hexs(32)}) from IdP (https://{s['idp']}/idp/shibboleth)")
    return ch(["shibd.log around the failures:", "shibd 로그:", "Το shibd.log:", "ה-shibd.log:"]) + "\n" + fence("\n".join(lines))


def _fake_der_cert():
    body = rbytes(ri(700, 900))
    return b"\x30\x82" + struct.pack(">H", len(body)) + body


def nb_x509_metadata():
    s = site()
    c = b64(_fake_der_cert())
    lines = [f'<md:EntityDescriptor entityID="https://{s["idp"]}/idp/shibboleth">', '  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
             '    <md:KeyDescriptor use="signing">', '      <ds:KeyInfo><ds:X509Data><ds:X509Certificate>']
    lines += ["        " + l for l in chunks(c, 64)]
    lines += ['      </ds:X509Certificate></ds:X509Data></ds:KeyInfo>', '    </md:KeyDescriptor>', '  </md:IDPSSODescriptor>', '</md:EntityDescriptor>']
    return ch(["new IdP metadata (public signing cert) — SPs need to reload:", "IdP 메타데이터 (공개 서명 인증서):",
               "Νέα metadata του IdP (δημόσιο πιστοποιητικό):", "מטא-דאטה חדשה של ה-IdP (תעודה ציבורית):"]) + "\n" + fence("\n".join(lines), "xml")


def nb_uuids():
    lines = []
    for _ in range(ri(3, 9)):
        lines.append(f"[I {day()} {hms()}.{ri(100, 999)} ServerApp] Kernel {ch(['started', 'restarted', 'shutdown'])}: {uuid4()}, name: python3")
    return fence("\n".join(lines))


def nb_sha256sum():
    inst = ch(["krios", "orbitrap", "nmr600", "confocal", "facs"])
    lines = [f"$ sha256sum /data/{inst}/{day()}/*.{ch(['raw', 'tiff', 'fid', 'czi', 'fcs'])}"]
    for i in range(ri(6, 24)):
        lines.append(f"{hexs(64)}  run_{ri(1, 999):04d}_{i:02d}.{ch(['raw', 'tiff', 'fid', 'czi', 'fcs'])}")
    return ch(["checksums before the transfer to the cluster:", "클러스터로 옮기기 전 체크섬:",
               "Checksums πριν τη μεταφορά:", "checksums לפני ההעברה:"]) + "\n" + fence("\n".join(lines), "console")


def nb_s3_etags():
    lines = []
    for i in range(ri(4, 12)):
        et = hexs(32) + (f"-{ri(2, 90)}" if coin(0.4) else "")
        lines.append(f'{{"Path":"{ch(["cryoem", "proteomics", "nmr"])}/{day()}/{hexs(6)}.tar","Size":{ri(10**6, 10**11)},"ModTime":"{iso_ts()}","Hashes":{{"md5":"{hexs(32)}"}},"ETag":"\\"{et}\\""}}')
    return "`rclone lsjson --hash ceph:research-archive`\n" + fence("\n".join(lines), "json")


def nb_canvas_link():
    s = site()
    bm = b64u(json.dumps([ri(1000, 99999)]).encode())
    link = (f'Link: <https://canvas.{s["dom"]}/api/v1/courses/{ri(100, 9999)}/users?page=first&per_page=100>; rel="first",'
            f' <https://canvas.{s["dom"]}/api/v1/courses/{ri(100, 9999)}/users?page=bookmark:{bm}&per_page=100>; rel="next"')
    return ch(["pagination header from canvas:", "캔버스 페이지네이션 헤더:", "Header σελιδοποίησης:", "כותרת העימוד:"]) + "\n" + fence(link)


def nb_cursor():
    cur = b64(json.dumps({"last_id": ri(10000, 999999), "term": ch(["2025-1", "2025-2", "2025F"])}).encode()).rstrip("=")
    return ch([f"SIS API next cursor is `{cur}`, it's just base64 json with the last id",
               f"다음 페이지 cursor `{cur}` 디코딩하면 그냥 JSON이에요",
               f"Το cursor `{cur}` είναι απλώς base64 JSON",
               f"ה-cursor `{cur}` הוא בסך הכל JSON ב-base64"])


def nb_traceparent():
    lines = []
    for _ in range(ri(3, 10)):
        lines.append(json.dumps({"ts": iso_ts(), "svc": ch(["sis-gateway", "grades-api", "lti-bridge"]), "traceparent": f"00-{hexs(32)}-{hexs(16)}-01",
                                 "x_request_id": uuid4(), "status": ch([200, 200, 502, 504]), "ms": ri(4, 9000)}))
    return fence("\n".join(lines), "json")


def nb_ssh_fp():
    s = site()
    lines = [f"login.{s['hpc']} host keys (verify before accepting):",
             f"ED25519  SHA256:{b64(rbytes(32)).rstrip('=')}",
             f"ECDSA    SHA256:{b64(rbytes(32)).rstrip('=')}",
             f"RSA      SHA256:{b64(rbytes(32)).rstrip('=')}"]
    return ch(["", "첫 접속할 때 아래 지문 확인하세요\n", "Ελέγξτε τα fingerprints:\n", "תבדקו את טביעות האצבע:\n"]) + fence("\n".join(lines))


def nb_ansible_vault():
    lines = ["slurmdbd_storage_pass: !vault |", "  $ANSIBLE_VAULT;1.1;AES256"]
    for _ in range(ri(5, 10)):
        lines.append("  " + rs(DIG + "abcdef", 80))
    return ch(["this is encrypted, safe to paste:", "암호화된 값이라 붙여도 괜찮아요:", "Είναι κρυπτογραφημένο:", "זה מוצפן:"]) + "\n" + fence("\n".join(lines), "yaml")


def nb_sops():
    lines = ["sis_bridge:", f"    oracle_password: ENC[AES256_GCM,data:{b64(rbytes(ri(12, 24)))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]",
             "sops:", "    kms: []", "    age:", f"        - recipient: age1{rs('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}",
             f"    lastmodified: \"{iso_ts()}\"", f"    mac: ENC[AES256_GCM,data:{b64(rbytes(32))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]",
             "    version: 3.9.0"]
    return fence("\n".join(lines), "yaml")


def nb_moodle_filedir():
    lines = []
    for _ in range(ri(3, 10)):
        h = hexs(40)
        lines.append(f"/var/moodledata/filedir/{h[:2]}/{h[2:4]}/{h}  {ri(1, 90000)}K")
    return ch(["biggest files in moodledata (content hashes):", "moodledata 에서 큰 파일들:", "Τα μεγαλύτερα αρχεία:", "הקבצים הגדולים:"]) + "\n" + fence("\n".join(lines))


def nb_gosum():
    mods = ["github.com/prometheus/client_golang v1.20.4", "github.com/go-ldap/ldap/v3 v3.4.8", "golang.org/x/crypto v0.27.0",
            "github.com/golang-jwt/jwt/v5 v5.2.1", "gopkg.in/yaml.v3 v3.0.1"]
    lines = []
    for m in rng.sample(mods, ri(2, 5)):
        lines.append(f"{m} h1:{b64(rbytes(32))}")
        lines.append(f"{m}/go.mod h1:{b64(rbytes(32))}")
    return fence("\n".join(lines))


def nb_sif():
    lines = [f"$ apptainer verify {ch(['alphafold', 'relion', 'cryosparc', 'rstudio'])}_{ri(1, 4)}.{ri(0, 9)}.sif", "Verifying image with PGP key material",
             f"[LABEL]  Signing entity: HPC Containers <hpc-containers>", f"[LABEL]  Fingerprint: {hexs(40).upper()}", "Objects verified:",
             "ID  |GROUP   |LINK    |TYPE", "------------------------------------------------", "1   |1       |NONE    |Def.FILE",
             "2   |1       |NONE    |JSON.Generic", "3   |1       |NONE    |FS", "Container verified: " + ch(["the_image.sif", "ok"])]
    return fence("\n".join(lines), "console")


def nb_colors():
    cols = ", ".join("#" + hexs(6) for _ in range(ri(6, 12)))
    return ch([f"palette for the new LMS theme: {cols}", f"새 테마 색상: {cols}", f"Παλέτα για το eclass: {cols}",
               f"פלטת הצבעים לתבנית: {cols}"])


def nb_notebook_sig():
    return ch([f"trusted notebooks db entry: `sha256:{hexs(64)}` — that's the HMAC of the notebook, not a secret",
               f"`jupyter trust` 하면 signature `sha256:{hexs(64)}` 가 생겨요",
               f"Η υπογραφή του notebook είναι `sha256:{hexs(64)}`",
               f"חתימת המחברת `sha256:{hexs(64)}` נשמרת ב-nbsignatures.db"])


def nb_b64_text():
    txt = ch(["Welcome to the cluster! Read the wiki before submitting jobs.",
              "학생 여러분, 과제 제출 마감은 금요일입니다.",
              "Καλώς ήρθατε στο εργαστήριο υπολογιστών.",
              "ברוכים הבאים לאשכול המחשוב של המכון."])
    return ch(["the motd is stored base64 in the configmap: ", "configmap 의 binaryData: ", "Στο configmap: ",
               "ב-configmap זה שמור כך: "]) + f"`{b64(txt.encode())}`"


def nb_zenodo():
    rows = []
    for _ in range(ri(3, 8)):
        rows.append(f'    {{"key": "{ch(["traj", "maps", "spectra", "tables"])}_{ri(1, 99):02d}.{ch(["h5", "mrc", "csv", "nc"])}", "size": {ri(1000, 10**10)}, "checksum": "md5:{hexs(32)}"}}')
    body = '{\n  "doi": "10.5281/zenodo.' + str(ri(1000000, 14999999)) + '",\n  "files": [\n' + ",\n".join(rows) + "\n  ]\n}"
    return ch(["dataset record for the paper:", "논문 데이터셋 레코드:", "Η εγγραφή του dataset:", "רשומת ה-dataset:"]) + "\n" + fence(body, "json")


NONCRED_TEMPLATES = [nb_git_log, nb_git_show, nb_docker_digest, nb_conda_lock, nb_pip_hashes, nb_saml_request, nb_saml_ids,
                     nb_x509_metadata, nb_uuids, nb_sha256sum, nb_s3_etags, nb_canvas_link, nb_cursor, nb_traceparent,
                     nb_ssh_fp, nb_ansible_vault, nb_sops, nb_moodle_filedir, nb_gosum, nb_sif, nb_colors, nb_notebook_sig,
                     nb_b64_text, nb_zenodo]


# --------------------------------------------------------------------------- pii_lookalike_number
def pl_squeue():
    rows = ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)"]
    base = ri(1200000, 9800000)
    for i in range(ri(6, 26)):
        jid = str(base + ri(0, 5000)) + (f"_[{ri(1, 9)}-{ri(10, 99)}]" if coin(0.15) else "")
        st = ch(["R", "R", "PD", "CG"])
        rows.append(f"{jid:>18} {ch(['gpu', 'cpu', 'bigmem', 'a100', 'h100']):>9} {ch(['relion', 'gmx_md', 'train', 'vasp', 'af2', 'jupyter']):>8} {ch(['u', 's', 'g'])}{ri(100000, 999999):>7}  {st} "
                    f"{ri(0, 2)}-{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d} {ri(1, 16):>6} "
                    + (f"{ch(['gpu', 'cn', 'bm'])}[{ri(1, 9):02d}-{ri(10, 40):02d}]" if st != "PD" else ch(["(Priority)", "(Resources)", "(QOSMaxGRESPerUser)"])))
    return ch(["queue is stuck again:", "큐가 또 막혔어요:", "Η ουρά κόλλησε πάλι:", "התור שוב תקוע:"]) + "\n" + fence("\n".join(rows))


def pl_sacct():
    rows = ["JobID           JobName  Partition    Elapsed     MaxRSS  ExitCode", "------------ ---------- ---------- ---------- ---------- --------"]
    jid = ri(1000000, 9999999)
    for k in range(ri(4, 14)):
        rows.append(f"{jid}_{k:<5} {ch(['array', 'prep', 'align', 'fold']):>10} {ch(['cpu', 'gpu']):>10} {ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d} {ri(100000, 99000000):>9}K      {ch(['0:0', '0:0', '1:0', '0:9'])}")
    return fence("\n".join(rows), "console")


def pl_course_codes():
    return ch([f"sections CSE{ri(1000, 4999)}-0{ri(1, 4)} and CSE{ri(1000, 4999)}-0{ri(1, 4)} are merged on the LMS for term {ri(2025, 2026)}{ch(['10', '20', '30'])}",
               f"ΗΥ-{ri(100, 499)} και ΗΥ-{ri(100, 499)} μοιράζονται το ίδιο μάθημα στο eclass, κωδικός {ch(['CS', 'MATH', 'PHYS'])}{ri(100, 999)}",
               f"קורס {ri(10000, 99999)} קבוצה {ri(1, 9):02d} עבר לחדר {ri(100, 999)} בבניין {ri(1, 60)}",
               f"강의 코드 M{ri(1000, 9999)}.{ri(100000, 999999)} 분반 {ri(1, 9):03d} 수강인원 {ri(20, 300)}명"])


def pl_grants():
    return ch([f"NRF grant {ri(2020, 2025)}R1A{ri(1, 6)}C{ri(1, 3)}{ri(1000000, 9999999):07d}: remaining budget ₩{ri(1, 90)},{ri(100, 999)},{ri(100, 999)}",
               f"Horizon Europe GA {ri(101000000, 101199999)} — WP{ri(1, 8)} personnel costs €{ri(10, 400)}.{ri(100, 999)},{ri(10, 99)} (ΕΛΚΕ έργο {ri(10000, 99999)})",
               f"ISF grant {ri(1000, 3999)}/{ri(20, 25)}: ₪{ri(10, 900)},{ri(100, 999)} left for equipment, PO {ri(4500000000, 4599999999)}",
               f"ΕΛΚΕ κωδικός έργου {ri(10000, 99999)}, ΑΔΑ {rs('ΑΒΓΔΕΖΗΘΙΚΛΜΝ', 4)}{ri(10, 99)}{rs('ΑΒΓΔΕΖΗΘ', 2)}-{rs('ΑΒΓΔΕΖΗΘ0123456789', 3)}, ποσό {ri(1, 90)}.{ri(100, 999)},{ri(10, 99)} €",
               f"연구과제번호 {ri(1000000000, 1799999999)}, 과제 기간 {ri(2023, 2025)}.{ri(1, 12):02d}.01 ~ {ri(2026, 2028)}.{ri(1, 12):02d}.{ri(28, 30)}",
               f"מספר תקציב {ri(1000000, 9999999)}-{ri(10, 99)}, יתרה ₪{ri(1, 90)},{ri(100, 999)}.{ri(10, 99)}"])


def pl_invoice_table():
    rows = ["| PO | invoice | vendor | amount | date |", "|---|---|---|---:|---|"]
    cur = ch(["€", "₪", "₩", "$"])
    for _ in range(ri(4, 12)):
        rows.append(f"| {ri(4500000000, 4599999999)} | INV-{ri(2025, 2026)}-{ri(10000, 99999)} | {ch(['Bruker', 'Thermo', 'Dell', 'Lenovo', 'NVIDIA', 'DDN', 'Zeiss'])} | {cur}{ri(1, 999)},{ri(100, 999)}.{ri(0, 99):02d} | {ri(1, 28):02d}/{ri(1, 12):02d}/2025 |")
    return ch(["open POs for the instrument budget:", "장비 예산 미결 PO:", "Ανοιχτές παραγγελίες:", "הזמנות פתוחות:"]) + "\n" + "\n".join(rows)


def pl_dates():
    return ch([f"maintenance window {ri(2025, 2026)}년 {ri(1, 12)}월 {ri(1, 28)}일 {ri(0, 9):02d}:00 ~ {ri(10, 23)}:00 (KST)",
               f"Διακοπή λειτουργίας {ri(1, 28)}/{ri(1, 12)}/2025, {ri(8, 12)}:00–{ri(13, 20)}:00 ώρα Ελλάδος",
               f"השבתה מתוכננת ב-{ri(1, 28)}.{ri(1, 12)}.2025 בין {ri(6, 9)}:00 ל-{ri(10, 18)}:00",
               f"slack ts of the announcement: {epoch()}.{ri(100000, 999999)}",
               f"job started at epoch {epoch()} and ended {epoch()}, sacct shows it fine"])


def pl_private_net():
    lines = ["# /etc/hosts (cluster)"]
    net = ri(0, 255)
    for i in range(ri(5, 18)):
        lines.append(f"10.{net}.{ri(0, 3)}.{i + 10:<5} {ch(['cn', 'gpu', 'login', 'mgmt', 'oss', 'mds'])}{i + 1:02d}.cluster")
    lines.append(f"172.{ri(16, 31)}.{ri(0, 255)}.0/24  # BMC network")
    lines.append(f"192.168.{ri(0, 255)}.0/24  # instrument VLAN")
    return fence("\n".join(lines))


def pl_versions():
    return ch([f"driver {ri(535, 560)}.{ri(10, 200)}.{ri(1, 20):02d}, CUDA 12.{ri(0, 6)}.{ri(0, 9)}, Slurm 23.11.{ri(1, 10)}, kernel 5.14.0-{ri(300, 560)}.{ri(1, 40)}.1.el9_{ri(3, 5)}.x86_64",
               f"MATLAB R2024{ch(['a', 'b'])} ({ri(23, 24)}.{ri(1, 2)}.0.{ri(1000000, 2999999)}) 라이선스 서버 업데이트 완료",
               f"Windows on the microscope PC: 10.0.{ri(19041, 22631)}.{ri(1000, 4999)}, ZEN {ri(3, 3)}.{ri(5, 10)}",
               f"Το firmware του NMR είναι {ri(3, 4)}.{ri(0, 9)}.{ri(0, 30)} build {ri(1000, 9999)}"])


def pl_epoch_log():
    lines = []
    t = epoch()
    for _ in range(ri(5, 20)):
        t += ri(1, 400)
        lines.append(f"[{t}.{ri(100, 999)}] slurmstepd[{ri(1000, 99999)}]: job {ri(1000000, 9999999)} step {ri(0, 5)} done, rss={ri(1000, 9999999)}kB")
    return fence("\n".join(lines))


def pl_serials():
    return ch([f"instrument SN {ri(1000, 9999)}-{ri(1000, 9999)}, service contract {ri(100000, 999999)}, next PM visit week {ri(1, 52)}",
               f"장비 시리얼 {rs(UP, 2)}{ri(10000000, 99999999)}, 자산번호 {ri(2015, 2025)}-{ri(100000, 999999)}",
               f"Ο αριθμός παγίου του οργάνου είναι {ri(100000, 999999)}/{ri(2015, 2025)}",
               f"מספר מלאי {ri(100000, 999999)}, מספר סידורי {rs(UP, 3)}{ri(100000, 999999)}"])


def pl_ports():
    return ch([f"firewall: allow 6817-6819/tcp (slurm), 8000/tcp (hub), 8081/tcp (hub api), 443/tcp from {priv_ip()}/24",
               f"JupyterHub ports 8000/8081, proxy API 8001, Shibboleth SP 443, IdP backchannel 8443, LDAP 636",
               f"Θύρες: 6817, 6818, 6819, 27000-27010 (FlexLM), 1055 (ANSYS)"])


def pl_quota():
    lines = ["Disk quotas for group " + ch(["lab-bio", "lab-chem", "course-ds101", "proj-cryo"]) + ":",
             "     Filesystem    used   quota   limit   grace   files   quota   limit   grace"]
    for fs in ["/home", "/scratch", "/project"][:ri(1, 3)]:
        lines.append(f"{fs:>15} {ri(1, 999)}G {ri(1, 9)}T {ri(1, 9)}T       - {ri(1000, 9999999):>7} {ri(1, 9)}000000 {ri(1, 9)}000000       -")
    return fence("\n".join(lines), "console")


def pl_tickets():
    return ch([f"RT #{ri(100000, 999999)}, Jira HPC-{ri(100, 9999)}, ServiceNow INC{ri(1000000, 9999999):07d} all about the same scratch outage",
               f"티켓 번호 {ri(2025, 2026)}{ri(10000000, 99999999)} 으로 접수했습니다",
               f"Αίτημα #{ri(10000, 99999)} στο helpdesk, σχετίζεται με το CVE-2024-{ri(1000, 49999)}",
               f"פתחתי קריאה {ri(1000000, 9999999)} בנושא, ראו גם KB{ri(4000000, 5099999)}"])


def isbn13():
    while True:
        d = "978" + str(ri(0, 1)) + "".join(ch(DIG) for _ in range(8))
        s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(d))
        d += str((10 - s % 10) % 10)
        return f"{d[:3]}-{d[3]}-{d[4:8]}-{d[8:12]}-{d[12]}"


def pl_isbn():
    return ch([f"textbook for the HPC course: ISBN {isbn13()}, library has {ri(2, 9)} copies",
               f"교재 ISBN {isbn13()} 도서관에 있습니다", f"Σύγγραμμα: ISBN {isbn13()} (Εύδοξος {ri(10000000, 99999999)})",
               f"ספר הקורס: ISBN {isbn13()}"])


def pl_enrol_csv():
    lines = ["term,course,section,enrolled,waitlist,last_sync"]
    for _ in range(ri(12, 30)):
        lines.append(f"{ri(2025, 2026)}{ch(['10', '20'])},{ch(['CSE', 'PHY', 'CHM', 'BIO', 'MAT'])}{ri(100, 499)},{ri(1, 6):02d},{ri(5, 320)},{ri(0, 40)},{epoch()}")
    return ch(["enrolment counts after the sync:", "동기화 후 수강 인원:", "Αριθμοί εγγραφών:", "מספרי רישום אחרי הסנכרון:"]) + "\n" + fence("\n".join(lines), "csv")


def pl_emergency():
    return cyc("pl_emergency", ["server room emergency: call 119 (fire) or campus security ext. 2" + str(ri(100, 999)) + ", not the HPC channel",
               "Σε περίπτωση φωτιάς στο data center καλέστε 199, για ασθενοφόρο 166, γενικό 112",
               "במקרה חירום בחדר השרתים: 101 (מד\"א), 102 (כיבוי), והביטחון בשלוחה " + str(ri(1000, 9999)),
               "전산실 화재 시 119, 캠퍼스 보안실 내선 " + str(ri(1000, 9999))])


def pl_postal():
    return ch([f"instrument shipping address: building {ri(100, 350)}, postal code {ri(10000, 63999):05d}, Korea",
               f"Διεύθυνση αποστολής: Κτίριο {ch('ΑΒΓΔ')}, Τ.Κ. {ri(100, 853)} {ri(10, 99)}",
               f"כתובת למשלוח: בניין {ri(1, 80)}, מיקוד {ri(1000000, 9999999)}"])


def pl_latency():
    rows = ["| endpoint | p50 ms | p95 ms | p99 ms | rps |", "|---|---:|---:|---:|---:|"]
    for ep in rng.sample(["/api/v1/grades", "/api/v1/roster", "/hub/spawn", "/idp/profile/SAML2/POST/SSO", "/lti/launch", "/api/v1/payees", "/sis/enrol"], ri(3, 7)):
        rows.append(f"| {ep} | {ri(3, 90)} | {ri(90, 900)} | {ri(900, 4000)} | {ri(1, 900)} |")
    return "\n".join(rows)


def pl_ib_guids():
    lines = ["$ ibstat | grep -E 'GUID|Rate'"]
    for _ in range(ri(2, 6)):
        lines.append(f"        Node GUID: 0x{hexs(16)}")
        lines.append(f"        Port GUID: 0x{hexs(16)}")
        lines.append(f"                Rate: {ch([100, 200, 400])}")
    return fence("\n".join(lines), "console")


def pl_org_ids():
    return cyc("pl_org_ids", [f"university VAT/ΑΦΜ {ri(90000000, 99999999)}{ri(0, 9)}, ΔΟΥ ΦΑΕ {ch(['Αθηνών', 'Ηρακλείου', 'Θεσσαλονίκης'])} — goes on every invoice",
               f"산학협력단 사업자등록번호 {ri(100, 899)}-{ri(80, 89)}-{ri(10000, 99999)} (세금계산서용)",
               f"ע.ר. / מס' עוסק של המוסד {ri(500000000, 589999999)}, מופיע בכל חשבונית"])


def pl_bytes():
    return ch([f"scratch purge freed {ri(10, 900)} {ri(100, 999)} {ri(100, 999)} {ri(100, 999)} bytes",
               f"Lustre: {ri(1, 9)},{ri(100, 999)},{ri(100, 999)},{ri(100, 999)} files, {ri(100, 999)}.{ri(1, 9)} TiB",
               f"백업 용량 {ri(1, 99)},{ri(100, 999)},{ri(100, 999)} KB"])


PII_LIKE_TEMPLATES = [pl_squeue, pl_sacct, pl_course_codes, pl_grants, pl_invoice_table, pl_dates, pl_private_net,
                      pl_versions, pl_epoch_log, pl_serials, pl_ports, pl_quota, pl_tickets, pl_isbn, pl_enrol_csv,
                      pl_emergency, pl_postal, pl_latency, pl_ib_guids, pl_org_ids, pl_bytes]


# --------------------------------------------------------------------------- talk_about_secrets
TALK_EN = [
    "We rotated the slurmdbd storage password last night; the new one is only in vault.",
    "Please don't paste your SSH private key in #hpc-help, even if the error message asks for 'the key'.",
    "The Canvas developer key secret was regenerated, the LTI tool needs a redeploy to pick it up.",
    "The Shibboleth signing key rollover is scheduled for Thursday, SPs get the new cert in metadata a week before.",
    "Someone committed a notebook with an OpenAI key in it; the key is revoked and the commit is rewritten.",
    "Finance asked whether they can send payee IBANs over Slack. No — use the grants portal upload.",
    "Students keep posting their phone numbers in the course channel to get MFA help; we delete those messages.",
    "The SIS export must never contain full national ID numbers, only the salted hash.",
    "GitHub secret scanning flagged a token in the course repo; it was already expired, but we rotated anyway.",
    "The munge key was regenerated on all nodes after the compromised login node was reimaged.",
    "If you lose your 2FA device, the helpdesk resets it after checking your ID in person, not over chat.",
    "The JupyterHub API token for the grading service expires every 90 days now.",
    "Do not share the instrument PC's local admin password; book the instrument and the facility staff log you in.",
    "Credit card details for conference fees go through the university payment page, never in a ticket.",
    "The SSN of US visiting scholars is collected by HR only, our onboarding form no longer asks for it.",
    "Our redaction regex for Korean resident numbers was too greedy and masked course codes too.",
]
TALK_KO = [
    "어젯밤에 slurmdbd DB 비밀번호를 교체했습니다. 새 값은 vault 에만 있어요.",
    "SSH 개인키를 채널에 올리지 마세요. 공개키(.pub)만 보내주시면 됩니다.",
    "학사 시스템 연동용 API 토큰이 만료되어서 오늘 재발급했습니다.",
    "과제 노트북에 OpenAI 키를 넣은 채로 제출한 학생이 있어서 키를 폐기했습니다.",
    "연구비 지급용 계좌번호는 슬랙으로 받지 말고 산학협력단 시스템으로 받으세요.",
    "주민등록번호는 수집하지 않습니다. 학번과 이름만으로 계정 생성합니다.",
    "MFA 초기화는 본인 확인 후 헬프데스크에서만 처리합니다.",
    "장비 PC 관리자 비밀번호는 공유하지 말아 주세요.",
    "IdP 서명 키 교체 일정은 다음 주 목요일입니다. SP 쪽 메타데이터 갱신 부탁드립니다.",
    "전화번호가 포함된 명단 파일은 암호화된 드라이브에만 저장해 주세요.",
    "깃허브에서 토큰 유출 알림이 왔는데 이미 만료된 토큰이었습니다. 그래도 전부 교체했어요.",
    "비밀번호는 최소 12자, 90일마다 변경이 학교 정책입니다.",
]
TALK_EL = [
    "Αλλάξαμε χθες τον κωδικό της βάσης του slurmdbd· ο νέος υπάρχει μόνο στο vault.",
    "Μην επικολλάτε το ιδιωτικό σας κλειδί SSH στο κανάλι, στείλτε μόνο το δημόσιο (.pub).",
    "Το token της διασύνδεσης με το φοιτητολόγιο έληξε και εκδόθηκε νέο.",
    "Η ΕΛΚΕ ζητά τα IBAN των δικαιούχων μόνο μέσω της πλατφόρμας, όχι με email ή Slack.",
    "Φοιτητής ανέβασε notebook με κλειδί API· το κλειδί ανακλήθηκε.",
    "Ο ΑΜΚΑ δεν πρέπει να εμφανίζεται σε καμία εξαγωγή του eclass.",
    "Η επαναφορά του 2FA γίνεται μόνο αυτοπροσώπως στο helpdesk.",
    "Η αλλαγή του κλειδιού υπογραφής του IdP θα γίνει την Πέμπτη.",
    "Οι αριθμοί τηλεφώνου των φοιτητών δεν πρέπει να μπαίνουν σε κοινόχρηστα φύλλα.",
    "Τα στοιχεία κάρτας για τα τέλη συνεδρίων περνούν μόνο από τη σελίδα πληρωμών.",
    "Ο κωδικός διαχειριστή του υπολογιστή του μικροσκοπίου δεν δίνεται σε χρήστες.",
    "Ο scanner μας για IBAN έπιανε και κωδικούς μαθημάτων, το διορθώσαμε.",
]
TALK_HE = [
    "החלפנו אתמול את הסיסמה של מסד הנתונים של slurmdbd, הערך החדש נמצא רק ב-vault.",
    "אל תדביקו את המפתח הפרטי של SSH בערוץ, רק את המפתח הציבורי (.pub).",
    "הטוקן של החיבור למערכת המידע לסטודנט פג תוקף והונפק חדש.",
    "מספרי חשבון בנק (IBAN) של מקבלי מענקים נאספים רק דרך פורטל רשות המחקר.",
    "סטודנט העלה מחברת עם מפתח API, המפתח בוטל.",
    "מספרי תעודת זהות לא יופיעו בשום ייצוא מהמודל.",
    "איפוס אימות דו-שלבי נעשה רק בדלפק התמיכה, עם תעודה מזהה.",
    "החלפת מפתח החתימה של ה-IdP מתוכננת ליום חמישי.",
    "מספרי טלפון של סטודנטים לא נשמרים בגיליונות משותפים.",
    "פרטי כרטיס אשראי לדמי כנס עוברים רק בדף התשלומים של המוסד.",
    "סיסמת המנהל של מחשב המכשיר לא נמסרת למשתמשים.",
    "ה-regex שלנו למספרי טלפון ישראליים תפס גם מספרי עבודות של Slurm.",
]
TALK_ALL = TALK_EN + TALK_KO + TALK_EL + TALK_HE


def _talk(lang=None, k=1):
    pool = {"en": TALK_EN, "ko": TALK_KO, "el": TALK_EL, "he": TALK_HE}.get(lang, TALK_ALL)
    return rng.sample(pool, k)


def ts_single():
    return _talk()[0]


def ts_pair():
    lang = ch(["en", "ko", "el", "he"])
    return " ".join(_talk(lang, 2))


def ts_runbook():
    lang = ch(["en", "ko", "el", "he"])
    head = {"en": "*Leaked credential runbook*", "ko": "*자격증명 유출 대응 절차*", "el": "*Διαδικασία για διαρροή κωδικού*", "he": "*נוהל דליפת סיסמה*"}[lang]
    steps = {"en": ["Revoke the key/token at the provider first.", "Check audit logs for use since the leak.", "Rotate anything that shared the same vault path.",
                    "Rewrite git history only after revocation.", "Write a short incident note in #sec-incidents."],
             "ko": ["먼저 발급처에서 키/토큰을 폐기합니다.", "유출 이후 사용 기록을 감사 로그에서 확인합니다.", "같은 vault 경로의 값도 함께 교체합니다.",
                    "git 히스토리 정리는 폐기 후에 합니다.", "#sec-incidents 에 간단히 기록을 남깁니다."],
             "el": ["Ανακαλέστε πρώτα το κλειδί στον πάροχο.", "Ελέγξτε τα audit logs από τη στιγμή της διαρροής.", "Αλλάξτε ό,τι μοιράζεται το ίδιο path στο vault.",
                    "Καθαρίστε το git history μόνο μετά την ανάκληση.", "Γράψτε σύντομο σημείωμα στο #sec-incidents."],
             "he": ["קודם כול מבטלים את המפתח אצל הספק.", "בודקים ביומני הביקורת שימוש מאז הדליפה.", "מחליפים כל ערך שנמצא באותו נתיב ב-vault.",
                    "מנקים את היסטוריית ה-git רק אחרי הביטול.", "כותבים סיכום קצר ב-#sec-incidents."]}[lang]
    n = ri(3, 5)
    return head + "\n" + "\n".join(f"{i + 1}. {s}" for i, s in enumerate(steps[:n]))


def ts_incident():
    lang = ch(["en", "ko", "el", "he"])
    what = {"en": ch(["a Canvas API token", "the LTI tool's private key", "an AWS access key for the archive bucket", "a Slack bot token"]),
            "ko": ch(["캔버스 API 토큰", "LTI 툴 개인키", "아카이브 버킷 AWS 키", "슬랙 봇 토큰"]),
            "el": ch(["ένα token του Canvas", "το ιδιωτικό κλειδί του LTI", "ένα κλειδί AWS", "το token του Slack bot"]),
            "he": ch(["טוקן של Canvas", "המפתח הפרטי של כלי ה-LTI", "מפתח AWS", "טוקן של בוט Slack"])}[lang]
    mins = ri(4, 90)
    return {"en": f"Incident summary: {what} was pushed to a public fork. Detected by secret scanning after {mins} minutes, revoked after {mins + ri(2, 20)}. No use seen in the logs.",
            "ko": f"사고 요약: {what}이(가) 공개 포크에 올라갔습니다. {mins}분 만에 탐지, {mins + ri(2, 20)}분에 폐기. 로그상 사용 흔적 없음.",
            "el": f"Σύνοψη: {what} ανέβηκε σε δημόσιο fork. Εντοπίστηκε σε {mins} λεπτά, ανακλήθηκε σε {mins + ri(2, 20)}. Καμία χρήση στα logs.",
            "he": f"סיכום אירוע: {what} נדחף ל-fork ציבורי. זוהה אחרי {mins} דקות ובוטל אחרי {mins + ri(2, 20)}. לא נמצא שימוש ביומנים."}[lang]


def ts_qa():
    return cyc("ts_qa", [
        "Q: can I put my cluster password in the job script so it can scp results?\nA: no — use an SSH key with a passphrase and the data-transfer node.",
        "Q: 비밀번호를 잊어버렸는데 여기서 알려주실 수 있나요?\nA: 채널에서는 안 됩니다. 포털에서 본인인증 후 재설정하세요.",
        "Ε: Μπορώ να στείλω το IBAN μου στο κανάλι για την πληρωμή της υποτροφίας;\nΑ: Όχι, μόνο μέσω της πλατφόρμας της ΕΛΚΕ.",
        "ש: אפשר לשלוח לכם את מספר הטלפון שלי בשביל ה-MFA?\nת: לא בערוץ. תעדכנו בפורטל האישי.",
        "Q: the grader needs an OpenAI key, where do I put it?\nA: in the hub's user env via the secrets UI, never in the notebook.",
    ])


def ts_security_sync():
    lang = ch(["en", "ko", "el", "he"])
    title = {"en": "Security sync notes", "ko": "보안 회의 메모", "el": "Σημειώσεις συνάντησης ασφαλείας", "he": "סיכום פגישת אבטחה"}[lang]
    body = _talk(lang, ri(3, 6))
    return f"*{title}* ({day()})\n" + "\n".join("• " + b for b in body)


def ts_regex():
    return cyc("ts_regex", [
        "our IBAN regex for GR accounts matched ΑΔΑ numbers on the transparency site, we now validate mod-97 before masking",
        "the phone detector flagged Slurm job ids because 05… looked Israeli; we need context, not just digits",
        "한국 휴대폰 번호 정규식이 강의 코드 010- 로 시작하는 것까지 잡아요",
        "Το regex για ελληνικά κινητά έπιανε και αριθμούς πρωτοκόλλου που ξεκινούν από 69",
        "the card detector fires on 16-digit sample IDs from the LIMS; Luhn check fixed most of it",
        "גלאי ה-IBAN תפס מספרי הזמנות רכש, הוספנו בדיקת mod-97",
    ])


def ts_vault_err():
    return cyc("ts_vault_err", [
        f"`Error making API request. URL: GET https://vault.internal:8200/v1/secret/data/hpc/slurmdbd Code: 403. Errors: * permission denied` — the policy for the dbd host is missing",
        f"ExternalSecret `jhub-oauth` status: `SecretSyncedError: could not get secret data from provider` — the client secret moved paths",
        f"sealed-secrets: `no key could decrypt secret (client-secret)` after the controller key rotation",
        f"vault 에서 `permission denied` 나와요. sis-bridge 정책에 새 경로 추가해야 합니다",
    ])


def ts_faq():
    lang = ch(["en", "el", "he", "ko"])
    items = {"en": ["*Will IT ever ask for my password?* No, never, not even in DMs.",
                    "*Where do I keep API keys for coursework?* In the hub's secrets panel.",
                    "*Can I share my account with my RA?* No, request a separate account."],
             "el": ["*Θα μου ζητήσει ποτέ το IT τον κωδικό μου;* Όχι, ποτέ.",
                    "*Πού κρατάω τα κλειδιά API;* Στο secrets panel του hub.",
                    "*Μπορώ να δώσω τον λογαριασμό μου σε συνεργάτη;* Όχι, ζητήστε νέο λογαριασμό."],
             "he": ["*האם צוות המחשוב יבקש ממני סיסמה?* לעולם לא.",
                    "*איפה שומרים מפתחות API לקורס?* בלוח הסודות של ה-hub.",
                    "*אפשר לשתף חשבון עם עוזר מחקר?* לא, מבקשים חשבון נפרד."],
             "ko": ["*IT팀이 비밀번호를 물어보나요?* 절대 묻지 않습니다.",
                    "*수업용 API 키는 어디에 두나요?* 허브의 secrets 메뉴에 두세요.",
                    "*계정을 연구원과 공유해도 되나요?* 안 됩니다. 별도 계정을 신청하세요."]}[lang]
    return "\n".join(rng.sample(items, ri(2, 3)))


def ts_phishing():
    return cyc("ts_phishing", [
        "Phishing alert: an e-mail claiming to be from the HPC team asks for your password to 'renew your allocation'. We never do that.",
        "피싱 주의: '계정 만료' 메일에서 비밀번호 입력을 요구하면 절대 입력하지 마세요.",
        "Προσοχή: κυκλοφορεί μήνυμα που ζητά τον κωδικό σας για 'ανανέωση λογαριασμού'. Δεν είναι από εμάς.",
        "אזהרת פישינג: הודעה שמבקשת את הסיסמה שלכם 'לחידוש המכסה' אינה מאיתנו.",
    ])


def ts_thread():
    """A pasted thread: several people, mixed languages, 10-16 lines."""
    lines = []
    for _ in range(ri(5, 8)):
        who = ch(["hpc-ops", "sis-team", "lms-admin", "research-finance", "sec-office", "lab-manager"])
        lines.append(f"[{ri(8, 18):02d}:{ri(0, 59):02d}] {who}: {ch(TALK_ALL)}")
        if coin(0.6):
            lines.append(f"[{ri(8, 18):02d}:{ri(0, 59):02d}] {ch(['hpc-ops', 'sis-team', 'sec-office'])}: " + ch(["+1", "👍", "확인했습니다", "Εντάξει", "מאשר", "ack", "will do", "감사합니다", "ευχαριστώ", "תודה"]))
    while len(lines) < 10:
        lines.append(f"[{ri(8, 18):02d}:{ri(0, 59):02d}] {ch(['hpc-ops', 'sis-team'])}: {ch(TALK_ALL)}")
    return ch(["pasting the thread from #sec-office for context:", "보안팀 채널 스레드 공유합니다:", "Το thread από το #sec-office:",
               "מצרף את השרשור מ-#sec-office:"]) + "\n" + "\n".join(lines)


TALK_TEMPLATES = [ts_single, ts_pair, ts_runbook, ts_incident, ts_qa, ts_security_sync, ts_regex, ts_vault_err, ts_faq,
                  ts_phishing, ts_thread, ts_single, ts_pair]

NEG_CATEGORIES = [
    ("data_uri_base64", DATA_URI_TEMPLATES),
    ("placeholder_example", PLACEHOLDER_TEMPLATES),
    ("code_identifier", CODE_ID_TEMPLATES),
    ("non_credential_blob", NONCRED_TEMPLATES),
    ("pii_lookalike_number", PII_LIKE_TEMPLATES),
    ("talk_about_secrets", TALK_TEMPLATES),
]


# =========================================================================== POSITIVES: secret generators
def b62enc(n, width=6):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def gh_checksum_ok(tok):
    body, chk = tok[4:-6], tok[-6:]
    return b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF) == chk


def gen_aws_id():
    while True:
        v = ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(UP + "234567", 16)
        if "EXAMPLE" not in v:
            return v


def gen_aws_secret():
    return rs(UP + LO + DIG + "+/", 40)


def gen_ghp():
    body = rs(B62, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF)


def gen_gh_fine():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(B62, 59)


def gen_xoxb():
    return f"xoxb-{ri(10 ** 9, 10 ** 12)}-{ri(10 ** 12, 10 ** 13 - 1)}-{rs(B62, 24)}"


def gen_xoxp():
    return f"xoxp-{ri(10 ** 9, 10 ** 12)}-{ri(10 ** 10, 10 ** 12)}-{ri(10 ** 12, 10 ** 13 - 1)}-{hexs(32)}"


def gen_openai():
    k = cyc("gen_openai", [0, 1, 2])
    if k == 0:
        return "sk-proj-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)
    if k == 1:
        return "sk-" + rs(B62, 20) + "T3BlbkFJ" + rs(B62, 20)
    return "sk-svcacct-" + rs(B62 + "-_", 74) + "T3BlbkFJ" + rs(B62 + "-_", 74)


def gen_anthropic():
    return "sk-ant-api03-" + rs(B62 + "-_", 93) + "AA"


def gen_ssn():
    while True:
        a, g, s = ri(1, 899), ri(1, 99), ri(1, 9999)
        if a != 666:
            break
    v = f"{a:03d}-{g:02d}-{s:04d}"
    k = ri(0, 9)
    if k == 0:
        v = v.replace("-", "")
    elif k == 1:
        v = v.replace("-", " ")
    return v


FIRST_LAST = {
    "kr": [("minji", "kim"), ("jiwoo", "park"), ("seojun", "lee"), ("hyunwoo", "choi"), ("yuna", "jung"), ("dohyun", "kang"), ("soyeon", "yoon")],
    "gr": [("eleni", "papadopoulou"), ("giorgos", "nikolaidis"), ("maria", "georgiou"), ("dimitris", "karagiannis"), ("katerina", "vlachou"), ("nikos", "antoniou")],
    "il": [("noa", "levi"), ("yossi", "cohen"), ("tamar", "mizrahi"), ("avi", "peretz"), ("shira", "friedman"), ("eitan", "biton")],
    "us": [("emily", "carter"), ("jason", "miller"), ("rachel", "nguyen")],
}
FREEMAIL = {"kr": ["naver.com", "hanmail.net", "gmail.com"], "gr": ["yahoo.gr", "otenet.gr", "gmail.com"],
            "il": ["walla.co.il", "gmail.com", "012.net.il"], "us": ["gmail.com", "outlook.com"]}


def gen_email(cc=None, person=None):
    cc = cc or ch(["kr", "gr", "il", "us"])
    f, l = person or ch(FIRST_LAST[cc])
    uni = {"kr": "hanbit.ac.kr", "gr": "knossos-univ.gr", "il": "carmel-tech.ac.il", "us": "bayridge.edu"}[cc]
    k = ri(0, 5)
    if k == 0:
        return f"{f}.{l}@{uni}"
    if k == 1:
        return f"{f[0]}{l}@{ch(['chem.', 'cs.', 'bio.', 'physics.', ''])}{uni}"
    if k == 2:
        return f"{l}.{f}{ri(1, 99)}@{ch(FREEMAIL[cc])}"
    if k == 3:
        return f"{f}.{l}+{ch(['hpc', 'slurm', 'lms'])}@gmail.com"
    if k == 4:
        return f"{f}_{l}{ri(70, 99)}@{ch(FREEMAIL[cc])}"
    return f"{l}@{ch(['grants.', 'research.', 'elke.', ''])}{uni}"


def gen_phone(cc):
    d4 = f"{ri(0, 9999):04d}"
    d3 = f"{ri(200, 999)}"
    if cc == "kr":
        mid = f"{ri(2000, 9999)}"
        return ch([f"010-{mid}-{d4}", f"+82 10-{mid}-{d4}", f"+82-10-{mid}-{d4}", f"010{mid}{d4}", f"010 {mid} {d4}",
                   f"02-{ri(200, 999)}-{d4}", f"0{ch(['31', '42', '51', '54', '62'])}-{ri(200, 999)}-{d4}"])
    if cc == "gr":
        p = "69" + ch("0345789")
        return ch([f"{p} {d3} {d4}", f"+30 {p}{d3}{d4}", f"+30 {p} {d3} {d4}", f"{p}{d3}{d4}",
                   f"210 {d3} {d4}", f"2310 {ri(200, 999)} {ri(0, 999):03d}", f"+30 2810 {ri(200, 999)} {ri(0, 999):03d}"])
    if cc == "il":
        x = ch("023458")
        return ch([f"05{x}-{d3}-{d4}", f"+972-5{x}-{d3}-{d4}", f"+972 5{x} {d3} {d4}", f"05{x}{d3}{d4}",
                   f"0{ch('2348')}-{d3}-{d4}", f"+972-{ch('2348')}-{d3}-{d4}"])
    npa = ch(["617", "412", "650", "212", "734", "919", "206", "312", "510"])
    ex = ri(200, 999)
    while ex == 555:
        ex = ri(200, 999)
    return ch([f"({npa}) {ex}-{d4}", f"+1 {npa} {ex} {d4}", f"{npa}-{ex}-{d4}", f"+1-{npa}-{ex}-{d4}"])


def make_iban(cc, bban):
    r = iban_num(cc + "00" + bban) % 97
    return f"{cc}{98 - r:02d}{bban}"


def gen_iban(cc=None, grouped=None):
    cc = cc or ch(["GR", "IL", "CY"])
    if cc == "GR":
        bban = ch(["011", "014", "017", "026"]) + f"{ri(0, 9999):04d}" + rs(DIG, 16)
    elif cc == "IL":
        bban = ch(["010", "012", "011", "020", "031"]) + f"{ri(1, 999):03d}" + "0000" + rs(DIG, 9)
    else:
        bban = ch(["002", "005", "003", "018"]) + f"{ri(0, 99999):05d}" + "000000" + rs(DIG, 10)
    v = make_iban(cc, bban)
    assert iban_ok(v)
    if grouped is None:
        grouped = coin(0.5)
    if grouped:
        v = " ".join(chunks(v, 4))
    return v


def gen_card():
    t = cyc("gen_card", ["visa", "mc", "amex", "visa", "mc2", "discover"])
    if t == "visa":
        d = luhn_complete("4" + rs(DIG, 14))
    elif t == "mc":
        d = luhn_complete(str(ri(51, 55)) + rs(DIG, 13))
    elif t == "mc2":
        d = luhn_complete(str(ri(2221, 2720)) + rs(DIG, 11))
    elif t == "amex":
        d = luhn_complete(ch(["34", "37"]) + rs(DIG, 12))
    else:
        d = luhn_complete("6011" + rs(DIG, 11))
    f = ri(0, 2)
    if f == 0:
        return d
    sep = " " if f == 1 else "-"
    if len(d) == 15:
        return sep.join([d[:4], d[4:10], d[10:]])
    return sep.join(chunks(d, 4))


IP_FIRST = [5, 31, 37, 46, 62, 77, 79, 80, 81, 84, 91, 93, 109, 141, 143, 147, 150, 155, 160, 166, 176, 178, 185,
            194, 195, 211, 212, 213, 217, 218, 220, 222]


def gen_ip():
    while True:
        v = f"{ch(IP_FIRST)}.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
        if is_public_ip(v):
            return v


def gen_jwt():
    now = ri(1740000000, 1767000000)
    k = cyc("gen_jwt", [0, 1, 2, 3])
    s = site()
    if k == 0:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": f"2025-{ri(1, 12):02d}-01T00:00:00Z"}
        pl = {"iss": "https://canvas.instructure.com", "aud": lti_client_id(),
              "sub": uuid4(), "exp": now + 3600, "iat": now, "nonce": hexs(32),
              "https://purl.imsglobal.org/spec/lti/claim/message_type": "LtiResourceLinkRequest",
              "https://purl.imsglobal.org/spec/lti/claim/version": "1.3.0",
              "https://purl.imsglobal.org/spec/lti/claim/deployment_id": f"{ri(1, 99)}:{hexs(40)}"}
        sig = b64u(rbytes(256))
    elif k == 1:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(B64URL, 43)}
        pl = {"exp": now + 300, "iat": now, "jti": uuid4(), "iss": f"https://{s['idp']}/realms/hpc", "aud": "jupyterhub",
              "sub": uuid4(), "typ": "Bearer", "azp": "jupyterhub", "scope": "openid profile", "preferred_username": f"u{ri(100000, 999999)}"}
        sig = b64u(rbytes(256))
    elif k == 2:
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"sub": ch(["sis-bridge", "grades-sync", "lims-uploader", "grant-portal"]), "scope": ch(["grades:write", "roster:read", "payees:read"]),
              "iat": now, "exp": now + 86400 * ri(1, 30)}
        sig = b64u(rbytes(32))
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        pl = {"user": f"u{ri(100000, 999999)}", "hub": s["jh"], "iat": now, "exp": now + 3600, "kind": "api_token"}
        sig = b64u(rbytes(32))
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig


# -------- passwords as people type them
KO_TYPED = ["tkfkd", "tjdnf", "dusrntlf", "qlalfqjsgh", "rhksflwk", "gkrry", "gksrmf", "dkssud", "wjdqh", "cjstk"]   # 사랑 서울 연구실 비밀번호 관리자 학교 한글 안녕 정보 천사 typed on a QWERTY layout
EL_WORDS = ["kalimera", "kalhmera", "thalassa", "kriti", "iraklio", "olympiakos", "paok1926", "ellada", "athina", "agaph"]
HE_TYPED = ["akuo", "xhxnv", "njac", "shalom", "yerushalayim", "maccabi", "hapoel", "tapuach"]   # akuo=שלום xhxnv=סיסמה njac=מחשב
EN_WORDS = ["Slurm", "Krios", "Orbitrap", "Jupyter", "Winter", "Spring", "Summer", "Autumn", "Qwerty", "Welcome", "Lab", "Cluster"]


def gen_password(url_safe=False):
    sym = "!*-_." if url_safe else "!@#$%^&*._-"
    k = ri(0, 6)
    if k == 0:
        w = ch(KO_TYPED)
        v = w + ch([str(ri(1, 9999)), str(ri(2019, 2026))]) + ch(sym + "  ").strip()
    elif k == 1:
        w = ch(EL_WORDS)
        v = (w.capitalize() if coin(0.6) else w) + ch(["", ch(sym)]) + str(ri(1, 2026))
    elif k == 2:
        w = ch(HE_TYPED)
        v = (w.capitalize() if coin(0.4) else w) + str(ri(10, 99999)) + ch(["", ch(sym)])
    elif k == 3:
        v = ch(EN_WORDS) + ch(["", ch(sym)]) + str(ri(2020, 2026)) + ch(["!", "", ch(sym)])
    elif k == 4:
        alpha = B62 + sym
        while True:
            v = rs(alpha, ri(12, 20))
            if any(c in DIG for c in v) and any(c in UP for c in v) and any(c in LO for c in v):
                break
    elif k == 5:
        v = ch(["Hanbit", "Knossos", "Carmel", "Hpc", "Gpu"]) + ch(sym) + str(ri(100, 9999)) + ch(["", "!"])
    else:
        v = ch(["P@ssw0rd", "Passw0rd", "Admin", "Changeme"]) + ch(sym) + str(ri(2024, 2026))
    if url_safe:
        v = "".join(c for c in v if c not in "@:/#?%$&^")
    if len(v) < 8 or v[-1] in ".-_":
        v += str(ri(100, 999))
    return v


# -------- private keys with real DER structure
def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(b):
    b = b.lstrip(b"\x00") or b"\x00"
    if b[0] & 0x80:
        b = b"\x00" + b
    return der(0x02, b)


def _top(n):
    b = bytearray(rbytes(n))
    b[0] |= 0x80
    return bytes(b)


def key_ec():
    body = der(0x30, der_int(b"\x01") + der(0x04, rbytes(32)) + der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107")))
               + der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))
    return "EC PRIVATE KEY", chunks(b64(body), 64)


def key_ed25519():
    return "PRIVATE KEY", chunks(b64(bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)), 64)


def key_rsa():
    bits = ch([1024, 2048])
    nb = bits // 8
    n = bytearray(_top(nb))
    n[-1] |= 1
    parts = [der_int(b"\x00"), der_int(bytes(n)), der_int(b"\x01\x00\x01"), der_int(_top(nb)), der_int(_top(nb // 2)),
             der_int(_top(nb // 2)), der_int(rbytes(nb // 2)), der_int(rbytes(nb // 2)), der_int(rbytes(nb // 2))]
    return "RSA PRIVATE KEY", chunks(b64(der(0x30, b"".join(parts))), 64)


def key_openssh():
    def sstr(b):
        return struct.pack(">I", len(b)) + b
    pub, seed = rbytes(32), rbytes(32)
    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    comment = ch([b"hpc-deploy", b"lab-nas-sync", b"instrument-upload", b"ci@runner"])
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(seed + pub) + sstr(comment)
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + struct.pack(">I", 1)
            + sstr(pubblob) + sstr(priv))
    return "OPENSSH PRIVATE KEY", chunks(b64(blob), 70)


KEY_MAKERS = {"ec": key_ec, "ed25519": key_ed25519, "rsa": key_rsa, "openssh": key_openssh}


# =========================================================================== POSITIVES: templates
# each single template: f(value) -> text
def lti_client_id():
    """Canvas-style developer key id (e.g. 1234500000000678), redrawn while Luhn-valid so it never looks like a card."""
    while True:
        v = str(ri(10000, 99999)) + "0000000" + str(ri(100, 999))
        if not luhn_ok(v):
            return v


def _s():
    return site()


T_AWS_ID = [
    lambda v: f"the archive bucket user is `{v}`, secret is in the usual place — can someone check why `aws s3 ls` gives AccessDenied?",
    lambda v: fence(f"[research-archive]\naws_access_key_id = {v}\nregion = eu-central-1", "ini") + "\n" + "이 프로파일로 접속이 안 돼요",
    lambda v: f"Στο CloudTrail βλέπω κλήσεις από το key `{v}` στις 03:00, ποιος τρέχει backup τέτοια ώρα;",
    lambda v: f"המפתח `{v}` עדיין פעיל ב-IAM למרות שהפרויקט נסגר, אפשר לבטל?",
    lambda v: fence(f"export AWS_ACCESS_KEY_ID={v}\nexport AWS_DEFAULT_REGION=ap-northeast-2\naws s3 sync ./cryo s3://lab-cryoem-raw/", "bash"),
]
T_AWS_SECRET = [
    lambda v: f"AWS_SECRET_ACCESS_KEY={v}",
    lambda v: f"the secret half for the Glacier user: `{v}` (id is in the ticket)",
    lambda v: fence(f"s3 = boto3.client(\n    \"s3\",\n    aws_secret_access_key=\"{v}\",\n    region_name=\"eu-west-1\",\n)", "python") + "\nΓιατί δεν διαβάζει από το env;",
    lambda v: f"aws_secret_access_key 값이 `{v}` 로 되어 있는데 맞나요? 계속 SignatureDoesNotMatch 나와요",
    lambda v: f"ב-rclone.conf שמתי secret_access_key = {v} ועדיין 403",
]
T_GHP = [
    lambda v: f"use my PAT to clone the course repo on the cluster for now: {v} (expires Friday)",
    lambda v: fence(f"echo {v} | gh auth login --with-token", "bash") + "\nthis worked on the login node",
    lambda v: f"GITHUB_TOKEN={v}",
    lambda v: f"과제 저장소 접근용 토큰입니다: `{v}` 읽기 권한만 있어요",
    lambda v: f"Το token για το autograder είναι `{v}`, μην το βάλετε στο repo",
    lambda v: f"הטוקן של ה-CI לריפו של המעבדה: {v}",
    lambda v: fence(f"- name: checkout private lab repo\n  uses: actions/checkout@v4\n  with:\n    repository: lab/relion-scripts\n    token: {v}", "yaml"),
]
T_GHFG = [
    lambda v: f"fine-grained token for the grading bot (contents:read on the course org): {v}",
    lambda v: fence(f"git -c http.extraHeader=\"Authorization: Bearer {v}\" clone https://github.com/lab-org/course-grading.git", "bash") + "\nput this in the jupyter startup script",
    lambda v: f"새 fine-grained 토큰 `{v}` 으로 바꿨어요. 만료는 90일 뒤",
    lambda v: f"Νέο token για το sync των εργασιών: {v}",
    lambda v: f"הטוקן החדש לבוט הבדיקות: `{v}`",
    lambda v: fence(f"# ~/.config/gh/hosts.yml\ngithub.com:\n    user: lab-bot\n    oauth_token: {v}\n    git_protocol: https", "yaml"),
]
T_XOXB = [
    lambda v: f"SLACK_BOT_TOKEN={v}",
    lambda v: fence(f"# /etc/slurm/slack-notify.conf\nchannel=#hpc-alerts\ntoken={v}", "ini") + "\njob completion bot config, copied from the old head node",
    lambda v: f"슬랙 알림 봇 토큰 `{v}` 이거 맞죠? invalid_auth 가 떠요",
    lambda v: f"Το bot για τις ειδοποιήσεις του Slurm χρησιμοποιεί {v}",
    lambda v: f"הטוקן של הבוט שמודיע על סיום ריצות במכשיר: {v}",
]
T_XOXP = [
    lambda v: f"my user token for the channel-archive script: {v} — please don't reuse",
    lambda v: fence(f"curl -s -H 'Authorization: Bearer {v}' https://slack.com/api/conversations.history?channel=C0{rs(UP + DIG, 8)}", "bash"),
    lambda v: f"채널 백업 스크립트에 제 user 토큰 `{v}` 넣어뒀습니다",
    lambda v: f"Το user token για το export: {v}",
    lambda v: f"הטוקן האישי שלי לסקריפט הארכוב: {v}",
    lambda v: f"SLACK_USER_TOKEN=\"{v}\"",
]
T_OPENAI = [
    lambda v: f"OPENAI_API_KEY={v}",
    lambda v: fence(f"from openai import OpenAI\nclient = OpenAI(api_key=\"{v}\")\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)", "python") + "\ncourse chatbot cell, works in the hub",
    lambda v: f"조교용 채점 도우미 키: `{v}` 학생들한테는 공유하지 마세요",
    lambda v: f"Το κλειδί για το chatbot του μαθήματος: {v}",
    lambda v: f"המפתח לעוזר הבדיקה בקורס: `{v}`",
    lambda v: fence(f"# jupyterhub_config.py\nc.Spawner.environment = {{\n    'OPENAI_API_KEY': '{v}',\n}}", "python"),
]
T_ANTHROPIC = [
    lambda v: f"ANTHROPIC_API_KEY={v}",
    lambda v: fence(f"import anthropic\nclient = anthropic.Anthropic(api_key=\"{v}\")", "python") + "\nthe TA notebook for feedback drafts",
    lambda v: f"논문 요약 도구에 쓰는 키예요: {v}",
    lambda v: f"Κλειδί για το εργαλείο ανατροφοδότησης: `{v}`",
    lambda v: f"המפתח לכלי המשוב: {v}",
    lambda v: fence(f"singleuser:\n  extraEnv:\n    ANTHROPIC_API_KEY: \"{v}\"", "yaml"),
]
T_SSN = [
    lambda v: f"W-9 for the US subawardee came back, SSN {v}, entering it in the grants portal now",
    lambda v: f"visiting scholar payroll needs the SSN: {v}",
    lambda v: f"미국 공동연구자 SSN: {v} (NIH 하위과제 서류용)",
    lambda v: f"Ο Αμερικανός συνεργάτης έστειλε SSN {v} για τη σύμβαση",
    lambda v: f"מספר ה-SSN של החוקר האורח: {v}",
    lambda v: fence(f"payee_type,country,tax_id\nindividual,US,{v}", "csv") + "\nimport file for the subaward payments",
]
T_EMAIL = [
    lambda v: f"please add {v} to the `lab-cryo` Slurm account, PI approved",
    lambda v: f"계정 신청자 이메일: {v} — 승인 부탁드립니다",
    lambda v: f"Στείλτε την τιμολόγηση στο {v}",
    lambda v: f"איש הקשר לחיוב של המענק: {v}",
    lambda v: fence(f"sacctmgr add user u{ri(100000, 999999)} account=proj-md email={v}", "bash"),
]
T_PHONE = {
    "kr": [lambda v: f"장비 담당자 연락처 {v} 입니다. 측정 예약 관련해서 전화 주세요",
           lambda v: f"on-call for the cluster this weekend: {v}",
           lambda v: f"서버실 출입 관련 문의는 {v} 로 연락 주세요"],
    "gr": [lambda v: f"Για το NMR καλέστε στο {v}",
           lambda v: f"the ΕΛΚΕ contact for our grant is reachable at {v}",
           lambda v: f"Το κινητό μου για την εφημερία: {v}"],
    "il": [lambda v: f"לשאלות על המיקרוסקופ: {v}",
           lambda v: f"on-call this week, call or WhatsApp {v}",
           lambda v: f"הטלפון של רכזת המענקים: {v}"],
    "us": [lambda v: f"our collaborator's office line for the data-sharing agreement call: {v}",
           lambda v: f"vendor support engineer for the Krios, direct: {v}"],
}
T_PASSWORD = [
    lambda v: fence(f"# /etc/slurm/slurmdbd.conf\nStorageType=accounting_storage/mysql\nStorageUser=slurm\nStoragePass={v}\nStorageLoc=slurm_acct_db", "ini"),
    lambda v: fence(f"mysql -u slurm -p'{v}' slurm_acct_db -e 'select count(*) from cluster_job_table'", "bash"),
    lambda v: fence(f"c.LDAPAuthenticator.lookup_dn_search_user = 'cn=jhub-ro,ou=services,dc=hanbit,dc=ac'\nc.LDAPAuthenticator.lookup_dn_search_password = '{v}'", "python"),
    lambda v: f"NAS 관리자 비번 {v} 로 바꿨어요",
    lambda v: f"Ο κωδικός για το wifi του εργαστηρίου είναι {v}",
    lambda v: f"הסיסמה החדשה למחשב של הספקטרומטר: {v}",
    lambda v: f"login for the Orbitrap acquisition PC: user `xcalibur` / `{v}`",
    lambda v: fence(f"$CFG->dbuser = 'moodleuser';\n$CFG->dbpass = '{v}';", "php"),
    lambda v: fence(f"spring.datasource.url=jdbc:oracle:thin:@//sisdb01:1521/SIS\nspring.datasource.username=sis_bridge\nspring.datasource.password={v}", "properties"),
    lambda v: fence(f"ipmitool -I lanplus -H {priv_ip()} -U ADMIN -P '{v}' chassis power status", "bash"),
    lambda v: f"비밀번호는 {v} 입니다. 처음 로그인하면 바꿔주세요",
    lambda v: f"Κωδικός για το eclass του μαθήματος (λογαριασμός επισκέπτη): {v}",
]
T_URL = [
    lambda v: f"SIS_DB_URL=postgresql://sis_etl:{v}@sis-db.internal:5432/sis",
    lambda v: fence(f"celery -A grades_sync worker --broker=amqp://celery:{v}@rabbit.hpc.internal:5672//", "bash"),
    lambda v: fence(f"c.JupyterHub.db_url = 'mysql+pymysql://jhub:{v}@db-jhub01/jupyterhub'", "python"),
    lambda v: f"REDIS_URL=redis://:{v}@jhub-redis:6379/0",
    lambda v: f"장비 데이터 업로드 주소 ftp://qe_plus:{v}@nas01.lab.internal/raw 로 설정했어요",
    lambda v: f"Το LIMS συνδέεται με mongodb://lims_rw:{v}@mongo01.internal:27017/lims?authSource=admin",
    lambda v: f"ה-mirror של החבילות: https://svc-mirror:{v}@nexus.lab.internal/repository/pypi/simple",
    lambda v: fence(f"sqlalchemy.url = postgresql+psycopg://grants:{v}@finance-db:5432/grants", "ini"),
]
T_IP = [
    lambda v: fence(f"sshd[{ri(1000, 99999)}]: Failed password for invalid user admin from {v} port {ri(30000, 65000)} ssh2", "") + "\nfail2ban should have caught this",
    lambda v: f"please whitelist {v} on the MATLAB license server, it's the partner lab's egress",
    lambda v: f"로그인 노드에 {v} 에서 무차별 대입 시도가 계속 들어와요",
    lambda v: f"Η VPN του εργαστηρίου βγαίνει από {v}, προσθέστε τη στο firewall",
    lambda v: f"הכתובת {v} סורקת את פורט 22 בכל הצמתים",
    lambda v: fence(f"{v} - - [{ri(1, 28):02d}/Mar/2025:{hms()} +0200] \"POST /idp/profile/SAML2/POST/SSO HTTP/1.1\" 200 {ri(1000, 9000)}", ""),
]
T_IBAN = [
    lambda v: f"payee IBAN for the travel reimbursement: {v}",
    lambda v: f"Το IBAN του δικαιούχου για την υποτροφία: {v}",
    lambda v: f"מספר IBAN להעברת התשלום לספק: {v}",
    lambda v: f"해외 송금용 IBAN: {v} (그리스 협력기관)",
    lambda v: fence(f"beneficiary,iban,amount_eur\nsummer-school-venue,{v},{ri(1000, 20000)}.00", "csv"),
    lambda v: f"the Cypriot partner's account for the consortium transfer: {v}",
]
T_CARD = [
    lambda v: f"can someone pay the conference fee for me, card {v} exp {ri(1, 12):02d}/{ri(26, 30)}",
    lambda v: f"법인카드 번호 {v} 로 결제해 주세요 (소프트웨어 라이선스)",
    lambda v: f"Η κάρτα του έργου για το AWS: {v}",
    lambda v: f"כרטיס האשראי של המעבדה לתשלום על ה-cloud credits: {v}",
    lambda v: f"cloud billing still on the old card {v}, please switch to the PO",
]
T_JWT = [
    lambda v: f"the LTI launch fails with 'invalid signature', id_token was:\n{fence(v)}",
    lambda v: fence(f"curl -H 'Authorization: Bearer {v}' https://{_s()['jh']}/hub/api/users", "bash"),
    lambda v: f"SIS 게이트웨이 토큰 `{v}` 가 만료된 것 같아요",
    lambda v: f"Authorization: Bearer {v}",
    lambda v: f"Το token που επιστρέφει ο IdP: {v}",
    lambda v: f"הטוקן שה-hub מקבל מה-IdP: {v}",
]


PEM_INTROS = {
    "sp": ["SAML SP signing key for the LMS (sp-key.pem), shibd refuses it:", "Το κλειδί του SP, δεν το δέχεται το shibd:",
           "LMS SP 서명 키입니다. shibd 가 안 읽어요:"],
    "ssh": ["here's the key I use for the cluster, why does ssh say 'invalid format'?", "클러스터 접속용 키인데 permission denied 나와요:",
            "המפתח שאני משתמש בו לאשכול, למה ssh אומר invalid format?"],
    "lti": ["LTI 1.3 tool key, Canvas says the JWKS doesn't match:", "המפתח של כלי ה-LTI:", "Το κλειδί του εργαλείου LTI:"],
    "tls": ["TLS key for the hub ingress:", "המפתח של ה-hub ל-TLS:", "허브 인그레스 TLS 키:"],
}


def pem_item(ktype, layout):
    label, lines = KEY_MAKERS[ktype]()
    if ktype == "openssh":
        purpose = "ssh"
    else:
        purpose = ch(["sp", "lti", "tls", "ssh"] if ktype == "rsa" else ["sp", "lti", "tls"])
    intro = ch(PEM_INTROS[purpose])
    begin, end = f"-----BEGIN {label}-----", f"-----END {label}-----"
    if layout == 0:
        value = "\n".join(lines)
        text = intro + "\n" + fence(f"{begin}\n{value}\n{end}")
    elif layout == 1:
        value = "\\n".join(lines)
        text = intro + "\n" + fence('{\n  "client_id": "' + lti_client_id() + '",\n  "private_key": "'
                                    + begin + "\\n" + value + "\\n" + end + '\\n",\n  "kid": "' + hexs(16) + '"\n}', "json")
    elif layout == 2:
        ind = "    "
        value = ("\n" + ind).join(lines)
        text = intro + "\n" + fence(f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {ch(['sp-keys', 'lti-keys', 'hub-tls'])}\ntype: Opaque\nstringData:\n  key.pem: |\n{ind}{begin}\n{ind}{value}\n{ind}{end}", "yaml")
    else:
        value = "\n".join(lines)
        text = intro + "\n" + begin + "\n" + value + "\n" + end
    return text, value, label


# -------- pairs: f() -> (text, [(kind, value), ...])
def pr_aws_creds():
    a, b = gen_aws_id(), gen_aws_secret()
    return (ch(["~/.aws/credentials on the transfer node:", "데이터 전송 노드의 credentials 파일:", "Το credentials στον κόμβο μεταφοράς:",
                "קובץ ה-credentials בצומת ההעברה:"]) + "\n" + fence(f"[archive]\naws_access_key_id = {a}\naws_secret_access_key = {b}", "ini"),
            [("aws_access_key_id", a), ("aws_secret_access_key", b)])


def pr_aws_env():
    a, b = gen_aws_id(), gen_aws_secret()
    return (fence(f"export AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={b}\naws s3 cp results.tar.gz s3://lab-md-results/{day()}/", "bash")
            + "\n" + ch(["sbatch script for the nightly upload", "야간 업로드용 sbatch 스크립트", "Το script του nightly upload", "סקריפט ההעלאה הלילי"]),
            [("aws_access_key_id", a), ("aws_secret_access_key", b)])


def pr_aws_chat():
    a, b = gen_aws_id(), gen_aws_secret()
    return (ch([f"아카이브 버킷 키 공유드려요. ID {a} / Secret {b}",
                f"κλειδιά για το bucket: {a} και secret {b}",
                f"המפתחות לדלי: {a} / {b}",
                f"keys for the cryo bucket: id {a}, secret {b}"]),
            [("aws_access_key_id", a), ("aws_secret_access_key", b)])


def pr_email_phone_kr():
    person, name = ch([(("minji", "kim"), "김민지"), (("seojun", "lee"), "이서준"), (("yuna", "jung"), "정유나")])
    e, p = gen_email("kr", person), gen_phone("kr")
    return (f"측정 예약 담당: {name} 연구원\n이메일 {e}\n전화 {p}", [("email_address", e), ("phone_number", p)])


def pr_email_phone_gr():
    person, name = ch([(("eleni", "papadopoulou"), "Ελένη Παπαδοπούλου"), (("maria", "georgiou"), "Μαρία Γεωργίου"), (("katerina", "vlachou"), "Κατερίνα Βλάχου")])
    e, p = gen_email("gr", person), gen_phone("gr")
    return (f"Υπεύθυνη ΕΛΚΕ για το έργο μας: {name}\nemail: {e}\nτηλ.: {p}", [("email_address", e), ("phone_number", p)])


def pr_slack_both():
    b, u = gen_xoxb(), gen_xoxp()
    return (fence(f"# slack-archiver.env\nSLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}\nCHANNEL=hpc-announce", "bash"),
            [("slack_bot_token", b), ("slack_user_token", u)])


def pr_url_ip():
    pw, ip = gen_password(url_safe=True), gen_ip()
    return (ch([f"legacy SIS replica is still public?? DATABASE_URL=postgresql://sis_ro:{pw}@{ip}:5432/sis",
                f"Η παλιά βάση του φοιτητολογίου: postgresql://sis_ro:{pw}@{ip}:5432/sis"]),
            [("url_credentials", pw), ("ipv4_address", ip)])


def pr_pw_ip():
    pw, ip = gen_password(), gen_ip()
    return (ch([f"partner cluster login node {ip}, user `guestmd`, password `{pw}` — valid until the workshop ends",
                f"협력기관 서버 {ip} 접속 계정 guest / 비번 {pw}",
                f"שרת השותפים {ip}, משתמש guest, סיסמה {pw}"]),
            [("password", pw), ("ipv4_address", ip)])


def pr_iban_email():
    i, e = gen_iban("GR"), gen_email("gr")
    return (f"Τιμολόγιο στο {e}, πληρωμή στο IBAN {i}", [("iban", i), ("email_address", e)])


def pr_card_phone():
    c, p = gen_card(), gen_phone("us")
    return (f"booking the US site visit: card {c}, travel agent callback {p}", [("credit_card", c), ("phone_number", p)])


def pr_ssn_email():
    s, e = gen_ssn(), gen_email("us")
    return (f"subaward onboarding for the US co-PI: {e}, SSN {s}. HR needs both by Friday", [("us_ssn", s), ("email_address", e)])


def pr_gh_both():
    a, b = gen_ghp(), gen_gh_fine()
    return (ch([f"old classic PAT {a} is revoked, new fine-grained one is {b}",
                f"기존 토큰 {a} 는 폐기했고 새 토큰은 {b} 입니다"]),
            [("github_classic_pat", a), ("github_fine_grained_pat", b)])


def pr_llm_keys():
    o, a = gen_openai(), gen_anthropic()
    return (ch(["course assistant .env, both providers for the comparison lab:", "비교 실습용 .env:", "Το .env για το εργαστήριο σύγκρισης:",
                "קובץ ה-.env למעבדת ההשוואה:"]) + "\n" + fence(f"OPENAI_API_KEY={o}\nANTHROPIC_API_KEY={a}\nMODEL_TIMEOUT=60", "bash"),
            [("openai_api_key", o), ("anthropic_api_key", a)])


def pr_jwt_ip():
    j, ip = gen_jwt(), gen_ip()
    return (fence(f"{ip} - - [{ri(1, 28):02d}/Apr/2025:{hms()} +0300] \"GET /hub/api/users HTTP/1.1\" 403 {ri(50, 200)} \"-\" \"python-requests/2.32.3\" auth=\"Bearer {j}\""),
            [("jwt", j), ("ipv4_address", ip)])


def pr_pem_ip():
    ip = gen_ip()
    label, lines = key_openssh()
    value = "\n".join(lines)
    return (f"deploy key for `deploy@{ip}` (the partner's data mover):\n" + fence(f"-----BEGIN {label}-----\n{value}\n-----END {label}-----"),
            [("private_key_pem", value), ("ipv4_address", ip)])


def pr_pw_email():
    pw, e = gen_password(), gen_email()
    return (ch([f"vendor portal for the cryo service contract: login {e} / {pw}",
                f"라이선스 포털 계정: {e} / 비밀번호 {pw}",
                f"Λογαριασμός στο portal του προμηθευτή: {e} κωδικός {pw}"]),
            [("email_address", e), ("password", pw)])


def pr_iban_phone():
    i, p = gen_iban("IL"), gen_phone("il")
    return (f"פרטי העברה לספק הציוד: IBAN {i}, לבירורים {p}", [("iban", i), ("phone_number", p)])


def pr_url_pw():
    p1, p2 = gen_password(url_safe=True), gen_password()
    return (fence(f"services:\n  lims:\n    environment:\n      DATABASE_URL: postgres://lims:{p1}@db:5432/lims\n      REDIS_PASSWORD: \"{p2}\"", "yaml"),
            [("url_credentials", p1), ("password", p2)])


def pr_jwt_bot():
    j, b = gen_jwt(), gen_xoxb()
    return (fence(f"# grades-notifier config\nsis_api_token: {j}\nslack_bot_token: {b}\nchannel: \"#grades-sync\"", "yaml"),
            [("jwt", j), ("slack_bot_token", b)])


PAIRS = [("aws_creds", pr_aws_creds), ("aws_env", pr_aws_env), ("aws_chat", pr_aws_chat), ("aws_creds", pr_aws_creds),
         ("email_phone_kr", pr_email_phone_kr), ("email_phone_gr", pr_email_phone_gr), ("slack_both", pr_slack_both),
         ("url_ip", pr_url_ip), ("pw_ip", pr_pw_ip), ("iban_email", pr_iban_email), ("card_phone", pr_card_phone),
         ("ssn_email", pr_ssn_email), ("gh_both", pr_gh_both), ("llm_keys", pr_llm_keys), ("jwt_ip", pr_jwt_ip),
         ("pem_ip", pr_pem_ip), ("pw_email", pr_pw_email), ("iban_phone", pr_iban_phone), ("url_pw", pr_url_pw),
         ("jwt_bot", pr_jwt_bot)]

TARGET = {"email_address": 10, "phone_number": 10, "password": 10, "url_credentials": 10, "ipv4_address": 10, "iban": 10,
          "credit_card": 10, "jwt": 10, "aws_access_key_id": 9, "aws_secret_access_key": 9, "github_classic_pat": 9,
          "github_fine_grained_pat": 9, "slack_bot_token": 9, "slack_user_token": 9, "openai_api_key": 9,
          "anthropic_api_key": 9, "private_key_pem": 9, "us_ssn": 9}

SINGLE = {
    "aws_access_key_id": (T_AWS_ID, gen_aws_id), "aws_secret_access_key": (T_AWS_SECRET, gen_aws_secret),
    "github_classic_pat": (T_GHP, gen_ghp), "github_fine_grained_pat": (T_GHFG, gen_gh_fine),
    "slack_bot_token": (T_XOXB, gen_xoxb), "slack_user_token": (T_XOXP, gen_xoxp),
    "openai_api_key": (T_OPENAI, gen_openai), "anthropic_api_key": (T_ANTHROPIC, gen_anthropic),
    "us_ssn": (T_SSN, gen_ssn), "email_address": (T_EMAIL, gen_email), "password": (T_PASSWORD, gen_password),
    "url_credentials": (T_URL, lambda: gen_password(url_safe=True)), "ipv4_address": (T_IP, gen_ip),
    "credit_card": (T_CARD, gen_card), "jwt": (T_JWT, gen_jwt),
}


# =========================================================================== build
def build_negatives():
    seen = set()
    out = []
    findings = {}
    redraws = 0
    for cat, tpls in NEG_CATEGORIES:
        order = list(tpls)
        rng.shuffle(order)
        for i in range(100):
            tpl = order[i % len(order)]
            for attempt in range(400):
                t = tpl if attempt < 3 else ch(tpls)
                text = decorate(t())
                f = scan(text)
                if f:
                    redraws += 1
                    for k, v in f:
                        findings.setdefault(k, []).append(v)
                    continue
                if text in seen:
                    redraws += 1
                    continue
                break
            else:
                raise SystemExit(f"could not draw a clean negative for {cat}/{tpl.__name__}")
            seen.add(text)
            out.append((cat, t.__name__, text))
    rng.shuffle(out)
    recs = [{"id": f"h{N}n-{i + 1:04d}", "text": text, "category": cat} for i, (cat, _, text) in enumerate(out)]
    return recs, findings, redraws, out


def build_positives():
    items = []
    used = {k: 0 for k in TARGET}
    for idx, (name, fn) in enumerate(PAIRS):
        text, secrets = fn()
        for k, _ in secrets:
            used[k] += 1
        items.append((text, secrets, f"multi:{name}:{idx}"))
    remaining = {k: TARGET[k] - used[k] for k in TARGET}
    assert all(v >= 0 for v in remaining.values()), remaining
    phone_cc = ["kr", "gr", "il", "kr", "gr", "il", "us"]
    iban_cc = ["GR", "IL", "CY"]
    pem_plan = [("ec", 0), ("ed25519", 1), ("rsa", 2), ("openssh", 0), ("rsa", 3), ("ec", 2), ("ed25519", 0), ("rsa", 1), ("openssh", 3)]
    for kind in TARGET:
        n = remaining[kind]
        for j in range(n):
            if kind == "private_key_pem":
                ktype, layout = pem_plan[j]
                text, value, _ = pem_item(ktype, layout)
                items.append((text, [(kind, value)], f"private_key_pem:{ktype}:layout{layout}"))
                continue
            if kind == "phone_number":
                cc = phone_cc[j % len(phone_cc)]
                v = gen_phone(cc)
                ts = T_PHONE[cc]
                ti = j // 3 % len(ts)
                items.append((ts[ti](v), [(kind, v)], f"phone_number:{cc}:t{ti}"))
                continue
            if kind == "iban":
                ti = j % len(T_IBAN)
                v = gen_iban(iban_cc[j % 3], grouped=False if ti == 4 else None)
                items.append((T_IBAN[ti](v), [(kind, v)], f"iban:t{ti}"))
                continue
            tpls, g = SINGLE[kind]
            ti = j % len(tpls)
            v = g()
            items.append((tpls[ti](v), [(kind, v)], f"{kind}:t{ti}"))
    rng.shuffle(items)
    recs = []
    for i, (text, secrets, ctx) in enumerate(items):
        text = decorate(text, 0.06, 0.03)
        recs.append({"id": f"h{N}p-{i + 1:04d}", "text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return recs


def b64_body_ok(v):
    s = re.sub(r"\\n|\s", "", v)
    try:
        base64.b64decode(s, validate=True)
        return True
    except Exception:
        return False


def check_positives(recs):
    counts = {}
    per_text = {}
    for r in recs:
        per_text[len(r["secrets"])] = per_text.get(len(r["secrets"]), 0) + 1
        for s in r["secrets"]:
            k, v = s["kind"], s["value"]
            counts[k] = counts.get(k, 0) + 1
            assert v in r["text"], (r["id"], v)
            if k == "credit_card":
                d = re.sub(r"\D", "", v)
                assert luhn_ok(d) and 13 <= len(d) <= 19, v
            elif k == "iban":
                assert iban_ok(v), v
            elif k == "us_ssn":
                assert ssn_ok(v), v
            elif k == "ipv4_address":
                assert is_public_ip(v), v
            elif k == "jwt":
                h, p, sig = v.split(".")
                for part in (h, p):
                    json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
            elif k == "private_key_pem":
                assert b64_body_ok(v), r["id"]
            elif k == "github_classic_pat":
                assert gh_checksum_ok(v), v
            elif k == "aws_access_key_id":
                assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
            elif k == "aws_secret_access_key":
                assert len(v) == 40, v
    assert counts == TARGET, counts
    assert per_text == {1: 130, 2: 20}, per_text
    assert len(recs) == 150
    return counts


def _norm(x):
    return re.sub(r"[\s\-]|\\n", "", x)


def scanner_on_positives(recs):
    missed, extra = [], []
    for r in recs:
        f = scan(r["text"])
        vals = [s["value"] for s in r["secrets"]]
        nv = [_norm(v) for v in vals]
        for s in r["secrets"]:
            v = _norm(s["value"])
            hit = any(_norm(fv) in v or v in _norm(fv) for _, fv in f)
            if s["kind"] in ("password", "url_credentials", "aws_secret_access_key", "private_key_pem"):
                continue   # the scanner has no rule for these kinds (PEM: checked separately below)
            if not hit:
                missed.append((r["id"], s["kind"], s["value"]))
        for fk, fv in f:
            if fk == "pem_private_key" and any(s["kind"] == "private_key_pem" for s in r["secrets"]):
                continue
            if not any(_norm(fv) in v or v in _norm(fv) for v in nv):
                extra.append((r["id"], fk, fv))
    return missed, extra


def main():
    negs, findings, redraws, raw = build_negatives()
    pos = build_positives()
    counts = check_positives(pos)
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    for r in negs:
        assert not scan(r["text"]), r["id"]
    with open(os.path.join(HERE, f"redaction{N}_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in negs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, f"redaction{N}_positives.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        for r in pos:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")

    print(f"negatives: {len(negs)}  positives: {len(pos)} texts, {sum(counts.values())} secrets")
    print(f"negative redraws: {redraws} (scanner hits or duplicates)")
    for k in sorted(findings):
        vals = findings[k]
        print(f"  redrawn for {k}: {len(vals)}  e.g. {sorted(set(vals))[:3]}")
    stats = {}
    for cat, name, text in raw:
        st = stats.setdefault(cat, {"n": 0, "tpl": set(), "lines": []})
        st["n"] += 1
        st["tpl"].add(name)
        st["lines"].append(text.count("\n") + 1)
    print("category stats (texts / templates used / min / max lines / >=10 lines):")
    for cat, st in stats.items():
        print(f"  {cat}: {st['n']} / {len(st['tpl'])} / {min(st['lines'])} / {max(st['lines'])} / {sum(1 for x in st['lines'] if x >= 10)}")
    alll = [x for st in stats.values() for x in st["lines"]]
    print(f"  all: single-line {sum(1 for x in alll if x == 1)}, >=10 lines {sum(1 for x in alll if x >= 10)}, >=20 lines {sum(1 for x in alll if x >= 20)}, max {max(alll)}")
    missed, extra = scanner_on_positives(pos)
    print(f"scanner misses on positives (kinds it has a rule for): {len(missed)}")
    for m in missed:
        print("   ", m)
    print(f"scanner hits on positives outside the labels: {len(extra)}")
    for e in extra:
        print("   ", e)
    assert not extra, "a positive holds an unlabelled secret-looking value"
    pem_hits = sum(1 for r in pos for s in r["secrets"] if s["kind"] == "private_key_pem" and any(k == "pem_private_key" for k, _ in scan(r["text"])))
    print(f"scanner PEM hits on the 9 private_key_pem positives: {pem_hits}")


if __name__ == "__main__":
    main()
