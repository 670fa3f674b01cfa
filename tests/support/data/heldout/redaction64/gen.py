#!/usr/bin/env python3
"""Held-out redaction corpus #64 (Seshat issue 24, round 13).

Theme: the Slack workspace of a university research-computing group with
sites in Germany, Turkey and Kenya (HPC cluster, Slurm, quotas, grants, DOIs,
ORCID iDs, dataset accessions, Jupyter, conda, student ids, lab phones).
Languages: German, Turkish, Swahili, English, often mixed in one message.

Standard library only.  The only randomness is random.Random(64 * 101).
Writes redaction64_negatives.jsonl and redaction64_positives.jsonl next to
this file.  Two runs give byte-identical output (no set/dict-order or
hash-seed dependence).
"""
import base64
import hashlib
import json
import os
import re
import struct
import sys
import zlib
from random import Random

N = 64
R = Random(N * 101)
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------
# basic helpers
# ----------------------------------------------------------------------------
DIG = "0123456789"
UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOW = "abcdefghijklmnopqrstuvwxyz"
ALNUM = UP + LOW + DIG
B62 = DIG + UP + LOW
HEX = "0123456789abcdef"
B64CH = UP + LOW + DIG + "+/"
URLSAFE = UP + LOW + DIG + "-_"
B32 = UP + "234567"


def rs(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def hx(n):
    return rs(HEX, n)


def rb(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def pick(seq):
    return R.choice(seq)


def ri(a, b):
    return R.randint(a, b)


def chance(p):
    return R.random() < p


def b64(b):
    return base64.b64encode(b).decode()


def b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def uuid4():
    h = list(hx(32))
    h[12] = "4"
    h[16] = pick("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def wrap(s, n):
    return [s[i:i + n] for i in range(0, len(s), n)]


def trunc(s, keep=None):
    keep = keep or ri(40, 90)
    return s[:keep] + pick(["…", "...", f"…[{len(s) - keep} more chars]", "… (gekürzt)", "… (kısaltıldı)"])


# ----------------------------------------------------------------------------
# theme vocabulary (no person names in anything a negative uses)
# ----------------------------------------------------------------------------
CLUSTERS = ["nyota", "kahve", "elbe", "simba", "anadolu", "neckar", "mlima", "bogaz", "isar", "tana"]
NODE_PFX = ["cn", "gpu", "hm", "fat", "a100n", "h100n", "cpu", "bm", "l40s"]
PARTS = ["gpu", "gpu-a100", "gpu-h100", "cpu", "cpu_long", "bigmem", "devel", "debug", "kisa", "uzun", "haraka", "test"]
CONDA_ENVS = ["torch-2.3-cu121", "r-bioc-3.18", "alphafold2", "ml-tez-2024", "hali-ya-hewa", "iklim-modeli",
              "geo-py311", "jax-cuda12", "snakemake-8", "nf-core", "qiime2-2024.5", "wrf-post", "cryoem-relion",
              "llm-eval", "mikrobiyom", "seismo-obspy", "bio-kenya", "dft-vasp-tools", "ocean-xarray"]
SW_MODULES = ["GCC/12.3.0", "OpenMPI/4.1.5-GCC-12.3.0", "CUDA/12.1.1", "Python/3.11.3-GCCcore-12.3.0",
              "PyTorch/2.1.2-foss-2023a-CUDA-12.1.1", "GROMACS/2023.3-foss-2023a-CUDA-12.1.1",
              "R/4.3.2-gfbf-2023a", "netCDF-Fortran/4.6.1-gompi-2023a", "Miniforge3/24.1.2-0",
              "Apptainer/1.2.5", "JupyterLab/4.0.5-GCCcore-12.3.0", "LAMMPS/2Aug2023-foss-2023a-kokkos",
              "WRF/4.5.1-foss-2023a-dmpar", "Nextflow/23.10.0", "Snakemake/8.4.2-foss-2023a"]
UNIS_DE = ["Uni Heidelberg", "TU Dresden", "KIT", "Uni Göttingen", "TUM", "RWTH", "Uni Bonn", "FU Berlin"]
UNIS_TR = ["ODTÜ", "Boğaziçi", "İTÜ", "Hacettepe", "Ege Üniversitesi", "Bilkent"]
UNIS_KE = ["University of Nairobi", "JKUAT", "Strathmore", "Kenyatta University", "KEMRI", "Moi University"]

LEADS = ["fyi ", "FYI: ", "Zur Info: ", "Kurze Info:\n", "Moin, ", "Hallo zusammen,\n", "Hocam, ", "Arkadaşlar,\n",
         "Bilginize: ", "Selam, ", "Habari timu,\n", "Jamani, ", "Kwa taarifa: ", "heads-up: ", "btw ", "Sasa, "]
TRAILS = ["\n:+1:", "\ndanke!", "\nteşekkürler 🙏", "\nasante sana", "\n(gelöst)", "\nçözüldü :white_check_mark:",
          "\nimeshughulikiwa ✅", "\n:eyes:", "\nthx", "\nkolay gelsin"]


def add_lead(t):
    ld = pick(LEADS)
    if (t.startswith("```") or t.startswith(">") or t.startswith("|")) and not ld.endswith("\n"):
        ld = ld.rstrip() + "\n"
    return ld + t


def lead(t, pl=0.13, pt=0.06):
    if chance(pl):
        t = add_lead(t)
    if chance(pt):
        t = t + pick(TRAILS)
    return t


def node():
    return f"{pick(NODE_PFX)}{ri(1, 412):03d}"


def nodelist():
    p = pick(NODE_PFX)
    a = ri(1, 200)
    b = a + ri(1, 31)
    return f"{p}[{a:03d}-{b:03d}]"


def jobid():
    return str(ri(1_200_000, 9_899_999))


def priv_ip():
    c = ri(0, 2)
    if c == 0:
        return f"10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
    if c == 1:
        return f"172.{ri(16, 31)}.{ri(0, 255)}.{ri(1, 254)}"
    return f"192.168.{ri(0, 255)}.{ri(1, 254)}"


def ts_iso():
    return (f"2025-{ri(1, 12):02d}-{ri(1, 28):02d}T{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}"
            f".{ri(0, 999):03d}Z")


def ts_log():
    return f"2025-{ri(1, 12):02d}-{ri(1, 28):02d} {ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}"


def hms():
    return f"{ri(0, 47):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}"


def epoch():
    return ri(1_735_700_000, 1_767_000_000)


def de_date():
    return f"{ri(1, 28):02d}.{ri(1, 12):02d}.2025"


# ----------------------------------------------------------------------------
# real file bytes for data URIs
# ----------------------------------------------------------------------------
def _png_chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)


def png_bytes(w=None, h=None):
    w = w or ri(4, 18)
    h = h or ri(4, 14)
    ct = pick([0, 2, 6])
    a, b, c = ri(1, 9), ri(0, 255), ri(0, 5)
    rows = []
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            v = (a * x * 7 + y * c * 11 + b) % 256
            if ct == 0:
                row.append(v)
            elif ct == 2:
                row += bytes([v, (v * 3 + 40) % 256, 255 - v])
            else:
                row += bytes([v, (v * 5 + 17) % 256, (255 - v) % 256, 255])
        rows.append(bytes(row))
    ihdr = struct.pack(">IIBBBBB", w, h, 8, ct, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr) +
            _png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _png_chunk(b"IEND", b""))


def gif_bytes():
    return (b"GIF89a\x01\x00\x01\x00\x80\x00\x00" + rb(3) + b"\xff\xff\xff" +
            b"!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def jpeg_bytes():
    w, h = ri(8, 64), ri(8, 64)
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dqt = b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes(ri(1, 60) for _ in range(64))
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, h, w, 1) + b"\x01\x11\x00"
    sos = b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00\x00\x3f\x00" + bytes(ri(0, 254) for _ in range(ri(12, 40)))
    return b"\xff\xd8" + app0 + dqt + sof + sos + b"\xff\xd9"


def wav_bytes():
    n = ri(16, 48)
    rate = pick([8000, 16000, 22050, 44100])
    step = ri(5, 40)
    data = b"".join(struct.pack("<h", (((i * step) % 200) - 100) * 90) for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate * 2, 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def pdf_bytes():
    w, h = pick([(595, 842), (842, 1191), (2384, 3370)])
    title = pick(["Poster DKRZ Nutzertreffen", "HPC Kenya Workshop", "TRUBA Kullanici Gunu", "Kahve Cluster Onboarding"])
    s = ("%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n"
         f"3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 {w} {h}]>> endobj\n4 0 obj <</Title({title})>> endobj\n"
         "trailer <</Root 1 0 R/Info 4 0 R>>\n%%EOF\n")
    return s.encode()


def svg_text():
    s = pick([16, 24, 32, 48])
    col = "#%06x" % R.getrandbits(24)
    shape = pick([
        f'<circle cx="{s // 2}" cy="{s // 2}" r="{s // 2 - ri(1, 4)}" fill="{col}"/>',
        f'<path d="M{ri(1, 4)} {ri(4, 9)}l{ri(3, 8)} {ri(3, 8)} {ri(5, 12)}-{ri(5, 12)}" stroke="{col}" fill="none" stroke-width="2"/>',
        f'<rect x="{ri(1, 3)}" y="{ri(1, 3)}" width="{s - 6}" height="{s - 6}" rx="{ri(2, 6)}" fill="{col}"/>',
    ])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{s}" height="{s}" '
            f'viewBox="0 0 {s} {s}">{shape}</svg>')


def woff2_bytes():
    ntab = ri(8, 14)
    body = rb(ri(30, 60))
    hdr = b"wOF2" + struct.pack(">IIHHIIHHIIIII", 0x00010000, 48 + len(body), ntab, 0, ri(20000, 90000),
                                ri(9000, 40000), 1, 0, 0, 0, 0, 0, 0)
    return hdr + body


def ttf_bytes():
    tags = [b"OS/2", b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name", b"post"]
    n = len(tags)
    out = struct.pack(">IHHHH", 0x00010000, n, 128, 3, n * 16 - 128)
    off = 12 + 16 * n
    for t in tags:
        ln = ri(32, 400)
        out += t + struct.pack(">III", R.getrandbits(32), off, ln)
        off += (ln + 3) & ~3
    return out + rb(ri(8, 24))


def ico_bytes():
    p = png_bytes(16, 16)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, len(p), 22) + p


def sourcemap_json():
    name = pick(["slurm-widget", "quota-panel", "jupyterlab-nyota-theme", "ondemand-gpu-form", "kahve-launcher"])
    src = pick(["index", "plugin", "widget", "tokens", "quota"])
    m = ";".join(",".join(rs("ABCDEFGIKMOQSUWYacegikmoqsuwy", ri(4, 8)) for _ in range(ri(1, 4))) for _ in range(ri(3, 7)))
    d = {"version": 3, "file": f"{src}.js", "sourceRoot": "", "sources": [f"../src/{src}.ts"],
         "names": [], "mappings": m}
    if chance(0.5):
        d["sourcesContent"] = [f"// {name}\nexport const PANEL_ID = '{name}:{src}';\n"]
    return json.dumps(d, separators=(",", ":"))


# ----------------------------------------------------------------------------
# validators and the sanity scanner (used to redraw negatives)
# ----------------------------------------------------------------------------
def luhn_ok(d):
    s = 0
    for i, ch in enumerate(reversed(d)):
        v = int(ch)
        if i % 2 == 1:
            v *= 2
            if v > 9:
                v -= 9
        s += v
    return s % 10 == 0


def luhn_complete(body):
    for c in DIG:
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def iban_mod97(s):
    s = s.replace(" ", "")
    t = s[4:] + s[:4]
    try:
        num = "".join(str(int(c, 36)) for c in t)
    except ValueError:
        return False
    return int(num) % 97 == 1


IBAN_LEN = {"DE": 22, "TR": 26, "AT": 20, "NL": 18, "GB": 22, "CH": 21, "FR": 27, "BE": 16, "PL": 28, "IT": 27, "ES": 24}


def ipv4_public(ip):
    try:
        p = [int(x) for x in ip.split(".")]
    except ValueError:
        return False
    if len(p) != 4 or any(x > 255 for x in p):
        return False
    a, b, c = p[0], p[1], p[2]
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
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and c == 100:
        return False
    if a == 203 and b == 0 and c == 113:
        return False
    if a == 255:
        return False
    return True


PH_DEFAULTS = {"password", "passwort", "pass", "pw", "changeme", "change_me", "secret", "guest", "admin", "root",
               "user", "test", "example", "sifre", "şifre", "nenosiri", "parola", "kennwort", "none", "null", "todo"}


def placeholder_like(v):
    if not v:
        return True
    if any(c in v for c in "<>${}*[]…•%"):
        return True
    if "..." in v or "xxx" in v.lower() or "XXXX" in v:
        return True
    if v.lower().strip("\"'") in PH_DEFAULTS:
        return True
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", v):
        return True
    if v.isalpha():
        return True
    return False


RX = {
    "email": re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"),
    "github": re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}"),
    "slack": re.compile(r"xox[a-z]-\d{5,}-"),
    "sk_key": re.compile(r"sk-[A-Za-z0-9_\-]{32,}"),
    "jwt": re.compile(r"eyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]{10,}"),
    "ssn": re.compile(r"(?<![\d\-])\d{3}-\d{2}-\d{4}(?![\d\-])"),
    "pem": re.compile(r"-----BEGIN (?:[A-Z0-9 ]+ )?PRIVATE KEY-----(?:\\n|\s)+[A-Za-z0-9+/=]{40,}"),
    "aws_key_id": re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}"),
    "aws_secret": re.compile(r"(?i)(?:secret_access_key|aws_secret|secretaccesskey|secret_key)[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"),
    "ipv4": re.compile(r"(?<![\w.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\w]|\.\d)"),
    "iban": re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){2,8})"),
    "digits": re.compile(r"(?<!\d)\d(?:[ \-]?\d)+(?!\d)"),
    "phone_run": re.compile(r"(?<![\w+:.])\+?\(?\d+\)?\d*(?:[ \-/]\(?\d+\)?\d*)*"),
    "url_cred": re.compile(r"[a-z][a-z0-9+.\-]*://([^\s:/@<>]*):([^\s@/]+)@"),
    "kv_pass": re.compile(r"(?i)(?<![\w])(?:password|passwd|passwort|kennwort|şifre|şifresi|parola|nenosiri|pwd|storagepass|authtok|pgpassword)[\"']?\s*[:=]\s*[\"']?([^\s\"',;)]+)"),
}


def phone_like(run):
    d = re.sub(r"\D", "", run.replace("(0)", ""))
    if run.startswith("+"):
        for cc in ("49", "90", "254", "44", "33", "1"):
            if d.startswith(cc) and 9 <= len(d) - len(cc) <= 11:
                return True
        return False
    if d.startswith("00"):
        for cc in ("49", "90", "254"):
            if d[2:].startswith(cc) and len(d) >= 11:
                return True
        return False
    if d.startswith("0") and len(d) >= 2 and d[1] != "0" and 10 <= len(d) <= 12:
        return True
    if re.fullmatch(r"5[0-5]\d{8}", d):
        return True
    return False


def scan(text):
    """Return a list of (rule, match) for anything that looks like a secret or personal data."""
    hits = []
    for m in RX["email"].finditer(text):
        hits.append(("email", m.group()))
    for name in ("github", "slack", "sk_key", "jwt", "ssn", "pem"):
        for m in RX[name].finditer(text):
            hits.append((name, m.group()[:60]))
    for m in RX["aws_key_id"].finditer(text):
        if "EXAMPLE" not in m.group():
            hits.append(("aws_key_id", m.group()))
    for m in RX["aws_secret"].finditer(text):
        if "EXAMPLE" not in m.group(1):
            hits.append(("aws_secret", m.group(1)))
    for m in RX["ipv4"].finditer(text):
        if ipv4_public(m.group(1)):
            hits.append(("public_ipv4", m.group(1)))
    for m in RX["iban"].finditer(text):
        comp = m.group(1).replace(" ", "")
        cc = comp[:2]
        lens = [IBAN_LEN[cc]] if cc in IBAN_LEN else range(15, 35)
        for ln in lens:
            if len(comp) >= ln and iban_mod97(comp[:ln]):
                hits.append(("iban", comp[:ln]))
                break
    for m in RX["digits"].finditer(text):
        groups = re.split(r"[ \-]", m.group())
        found = False
        for i in range(len(groups)):
            acc = ""
            for j in range(i, len(groups)):
                acc += groups[j]
                if len(acc) > 19:
                    break
                if 13 <= len(acc) <= 19 and luhn_ok(acc):
                    hits.append(("luhn", acc))
                    found = True
                    break
            if found:
                break
    for m in RX["phone_run"].finditer(text):
        if phone_like(m.group()):
            hits.append(("phone", m.group()))
    for m in RX["url_cred"].finditer(text):
        if not placeholder_like(m.group(2)):
            hits.append(("url_credentials", m.group(2)))
    for m in RX["kv_pass"].finditer(text):
        v = m.group(1)
        if not placeholder_like(v) and len(v) >= 6 and re.search(r"[\d\W_]", v):
            hits.append(("password", v))
    return hits


# ----------------------------------------------------------------------------
# NEGATIVES: data_uri_base64
# ----------------------------------------------------------------------------
def maybe_trunc(s, p=0.3):
    return trunc(s) if chance(p) else s


def du_ipynb_png():
    img = b64(png_bytes())
    cell = {"cell_type": "code", "execution_count": ri(1, 140), "id": hx(8), "metadata": {},
            "outputs": [{"data": {"image/png": img,
                                  "text/plain": [f"<Figure size {pick(['640x480', '1000x600', '1200x800'])} with {ri(1, 4)} Axes>"]},
                         "metadata": {}, "output_type": "display_data"}],
            "source": [pick(["plt.plot(loss_hist)", "sns.heatmap(corr)", "ds.t2m.isel(time=0).plot()",
                             "plt.imshow(mask[0])", "plot_quota_usage(df)"])]}
    intro = pick([
        "Warum ist mein Notebook 40 MB groß? `git diff` zeigt nur sowas:",
        "notebook'u commit'lemeden önce output'ları temizleyin lütfen, bakın diff böyle görünüyor:",
        "nbstripout tafadhali — diff ya notebook inaonekana hivi:",
        "Der Pre-commit-Hook hat das hier geblockt (nur ein Plot-Output, kein Secret):",
        "GitLab MR'da bu satır yüzünden review açılmıyor:",
        "pre-commit ilikataa commit hii, lakini ni picha tu:",
    ])
    return f"{intro}\n```json\n{json.dumps(cell, indent=1, ensure_ascii=False)}\n```"


def du_html_img():
    mime, data = pick([("image/png", png_bytes), ("image/jpeg", jpeg_bytes), ("image/gif", gif_bytes)])
    p = b64(data())
    return (pick(["nbconvert --to html erzeugt bei mir:", "HTML raporunda grafikler şöyle gömülü:",
                  "Ripoti ya HTML ina picha hivi:", "the exported report embeds everything inline:"]) +
            f'\n```html\n<div class="jp-RenderedImage jp-OutputArea-output">\n<img src="data:{mime};base64,{maybe_trunc(p, 0.2)}" '
            f'alt="{pick(["Loss curve", "GPU utilisation", "Kullanım", "Matumizi ya GPU"])}">\n</div>\n```')


def du_savefig():
    p = b64(png_bytes())
    return ("```python\nimport base64, io\nbuf = io.BytesIO()\nfig.savefig(buf, format=\"png\", dpi=" + str(pick([72, 100, 150])) +
            ")\nuri = \"data:image/png;base64,\" + base64.b64encode(buf.getvalue()).decode()\nprint(uri[:200])\n```\n" +
            pick(["Ausgabe:", "çıktı:", "matokeo:", "output:"]) + f"\n```\ndata:image/png;base64,{p[:200]}\n```")


def du_ondemand_css():
    s = b64(svg_text().encode())
    sel = pick([".navbar-brand", "#quota-badge", ".ood-logo", ".cluster-status .ok", ".jp-NyotaLogo"])
    return (pick(["Open OnDemand custom CSS für das neue Logo:", "OnDemand temasında logo CSS içinde:",
                  "CSS ya OnDemand (logo mpya):", "new OnDemand branding, logo is inline:"]) +
            f"\n```css\n{sel} {{\n  background-image: url(\"data:image/svg+xml;base64,{s}\");\n  background-size: contain;\n}}\n```")


def du_svg_pct():
    svg = svg_text().replace('"', "'")
    enc = svg.replace("<", "%3C").replace(">", "%3E").replace("#", "%23").replace(" ", "%20")
    return (pick(["Sphinx-Theme der Cluster-Doku:", "Wiki temasındaki ikon:", "Ikoni ya docs:", "docs theme icon:"]) +
            f"\n```css\n.admonition.tip::before {{ content: url(\"data:image/svg+xml,{enc}\"); }}\n```")


def du_fontface():
    kind = pick(["woff2", "ttf", "woff2"])
    data = woff2_bytes() if kind == "woff2" else ttf_bytes()
    mime = "font/woff2" if kind == "woff2" else "font/ttf"
    fam = pick(["Fira Sans", "Source Code Pro", "Noto Sans", "IBM Plex Mono", "Inter"])
    return (pick(["Die gebaute Doku (`make html`) hat die Schrift inline, deshalb 3 MB:",
                  "Doküman build'i fontu gömüyor:", "Fonti imewekwa ndani ya CSS:", "why is the docs CSS so big? this:"]) +
            f"\n```css\n@font-face {{\n  font-family: \"{fam}\";\n  src: url(data:{mime};base64,{maybe_trunc(b64(data), 0.35)}) format(\"{'woff2' if kind == 'woff2' else 'truetype'}\");\n  font-display: swap;\n}}\n```")


def du_sourcemap():
    sm = b64(sourcemap_json().encode())
    f = pick(["lib/index.js", "lib/plugin.js", "static/remoteEntry.4f2a1c.js", "lib/quota.js"])
    return (pick(["JupyterLab-Extension gebaut, am Ende von", "extension build'inde", "mwisho wa", "tail of"]) +
            f" `{f}`:\n```js\nexport {{ plugin as default }};\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,{sm}\n```")


def du_pdf():
    p = b64(pdf_bytes())
    return (pick(["Poster-Vorschau im Wiki:", "Poster önizlemesi:", "Hakikisho la poster:", "poster preview embed:"]) +
            f"\n```html\n<embed type=\"application/pdf\" width=\"100%\" height=\"600\" src=\"data:application/pdf;base64,{p}\">\n```")


def du_wav():
    p = b64(wav_bytes())
    site = pick(["Kakamega", "Arabuko-Sokoke", "Taita Hills", "Mt. Kenya", "Dinder"])
    return (f"Rekodi za ndege kutoka {site} — notebook output ina sauti ndani:\n```json\n"
            + json.dumps({"data": {"audio/wav": p, "text/plain": ["<IPython.lib.display.Audio object>"]},
                          "metadata": {}, "output_type": "display_data"}, indent=1) + "\n```\n"
            + pick(["Bitte Outputs vor dem Push löschen.", "Lütfen output'ları temizleyin.", "Futa outputs kabla ya push.", ""])).rstrip()


def du_gif_newsletter():
    p = b64(gif_bytes())
    return (pick(["HPC-Newsletter Template, Tracking-Pixel raus?", "Bülten şablonunda 1x1 piksel var:",
                  "Jarida la HPC lina pixel hii:", "newsletter template still has the spacer gif:"]) +
            f"\n```html\n<td><img width=\"1\" height=\"1\" src=\"data:image/gif;base64,{p}\" alt=\"\"></td>\n```")


def du_md_image():
    p = b64(png_bytes())
    return (pick(["Markdown-Zelle im Kurs-Notebook:", "Ders notebook'undaki markdown hücresi:", "Seli ya markdown:",
                  "markdown cell in the workshop notebook:"]) +
            f"\n```markdown\n![{pick(['Cluster-Architektur', 'Küme mimarisi', 'Muundo wa cluster', 'architecture'])}](data:image/png;base64,{maybe_trunc(p, 0.4)})\n```")


def du_csp():
    p = b64(png_bytes())
    host = f"jupyter.{pick(CLUSTERS)}.internal"
    return (pick(["Browser-Konsole auf JupyterHub:", "JupyterHub'da tarayıcı konsolu:", "Console ya browser:", "browser console on the hub:"]) +
            f"\n```\nRefused to load the image 'data:image/png;base64,{p[:ri(60, 120)]}…' because it violates the following "
            f"Content Security Policy directive: \"img-src 'self' https://{host}\".\n```")


def du_echo_decode():
    p = b64(png_bytes())
    return (f"```\n$ echo '{p}' | base64 -d > logo.png && file logo.png\nlogo.png: PNG image data, "
            f"{ri(4, 18)} x {ri(4, 14)}, 8-bit/color RGBA, non-interlaced\n```\n" +
            pick(["ist nur das Logo, kein Key 😅", "sadece logo, anahtar değil", "ni nembo tu, si ufunguo", "just the logo"]))


def du_grafana():
    p = b64(svg_text().encode())
    return (pick(["Grafana-Dashboard JSON (Slurm-Panel):", "Grafana panel JSON'u:", "JSON ya Grafana:", "grafana panel json:"]) +
            "\n```json\n" + json.dumps({"type": "text", "title": pick(["Slurm queue", "GPU Auslastung", "Kuyruk", "Foleni"]),
                                       "options": {"mode": "html", "content": f"<img src=\"data:image/svg+xml;base64,{p}\" height=\"18\"> {pick(CLUSTERS)}"}},
                                      indent=2, ensure_ascii=False) + "\n```")


def du_ico():
    p = b64(ico_bytes())
    return ("```python\n# jupyterhub_config.py\nc.JupyterHub.template_vars = {\n    \"favicon\": \"data:image/x-icon;base64," +
            maybe_trunc(p, 0.5) + "\",\n}\n```")


def du_jpeg_meta():
    p = b64(jpeg_bytes())
    return (pick(["Metadaten aus dem Mikroskopie-Datensatz:", "Mikroskopi veri setinin metadata'sı:", "Metadata ya dataset ya darubini:",
                  "microscopy dataset metadata:"]) +
            "\n```json\n" + json.dumps({"acquisition": f"EM-{ri(100, 999)}", "pixel_size_nm": round(R.uniform(0.4, 2.5), 3),
                                       "thumbnail": f"data:image/jpeg;base64,{p}"}, indent=2) + "\n```")


def du_log_line():
    p = b64(png_bytes())
    return (f"```\n{ts_log()} WARN  nbconvert  embedding output image data:image/png;base64,{p[:ri(50, 110)]}… "
            f"({ri(2, 90)} kB) into report.html\n{ts_log()} INFO  nbconvert  Writing {ri(100000, 999999)} bytes to report.html\n```")


def du_rmd():
    p = b64(png_bytes())
    return ("```r\n> knitr::image_uri(\"figures/" + pick(["pca.png", "volcano.png", "tsne.png", "ramani.png"]) +
            "\")\n[1] \"data:image/png;base64," + p + "\"\n```")


def du_ipynb_diff():
    old, new = b64(png_bytes()), b64(png_bytes())
    return ("```diff\n       \"data\": {\n-       \"image/png\": \"" + old[:ri(60, 100)] + "...\",\n+       \"image/png\": \"" +
            new[:ri(60, 100)] + "...\",\n        \"text/plain\": [\n```\n" +
            pick(["Jede Ausführung ändert den Plot → riesige Diffs.", "Her çalıştırmada grafik değişiyor, diff devasa.",
                  "Kila run inabadilisha picha.", "every run changes the png, diff noise"]))


def du_bokeh():
    p = b64(png_bytes())
    return (pick(["Plotly/Bokeh Export:", "Bokeh export'u:", "Export ya Bokeh:", "bokeh export:"]) +
            f"\n```js\nconst thumb = \"data:image/png;base64,{maybe_trunc(p, 0.3)}\";\ndocument.getElementById(\"{pick(['fig', 'grafik', 'mchoro'])}\").src = thumb;\n```")


def du_svg_widget():
    svg = svg_text()
    return ("```json\n" + json.dumps({"output_type": "execute_result", "execution_count": ri(1, 99),
                                     "data": {"image/svg+xml": b64(svg.encode()), "text/plain": ["<Figure>"]},
                                     "metadata": {}}, indent=1) + "\n```\n" +
            pick(["SVG als base64 im Notebook, ist das normal?", "SVG base64 olarak gömülmüş, normal mi?",
                  "SVG imewekwa kama base64, ni kawaida?", "svg stored as base64 — expected?"]))


def du_css_small():
    p = b64(png_bytes(ri(2, 6), ri(2, 6)))
    return f"`.quota-bar {{ background: url(data:image/png;base64,{p}) repeat-x; }}`"


DATA_URI = [du_ipynb_png, du_html_img, du_savefig, du_ondemand_css, du_svg_pct, du_fontface, du_sourcemap, du_pdf,
            du_wav, du_gif_newsletter, du_md_image, du_csp, du_echo_decode, du_grafana, du_ico, du_jpeg_meta,
            du_log_line, du_rmd, du_ipynb_diff, du_bokeh, du_svg_widget, du_css_small]


# ----------------------------------------------------------------------------
# NEGATIVES: placeholder_example
# ----------------------------------------------------------------------------
def ph_sbatch_env():
    part = pick(PARTS)
    return ("```bash\n#!/bin/bash\n#SBATCH --job-name=" + pick(["llm-ft", "vit-train", "tez-deney", "mafunzo"]) +
            f"\n#SBATCH --partition={part}\n#SBATCH --gres=gpu:{ri(1, 4)}\n#SBATCH --time={ri(1, 47)}:00:00\n\n"
            f"module load {pick(SW_MODULES)}\nconda activate {pick(CONDA_ENVS)}\n\n" +
            pick(["export WANDB_API_KEY=<dein-wandb-key>", "export WANDB_API_KEY=\"${WANDB_API_KEY:?bitte in ~/.bashrc setzen}\"",
                  "export WANDB_API_KEY=<wandb_anahtarınız>", "export WANDB_API_KEY=<weka-key-yako-hapa>"]) + "\n" +
            pick(["export HF_TOKEN=${HF_TOKEN}", "export HF_TOKEN=hf_xxxxxxxxxxxxxxxx", "export HF_TOKEN=<huggingface-token>",
                  "export HF_TOKEN=\"$(cat ~/.cache/huggingface/token)\""]) +
            "\nsrun python train.py --config configs/" + pick(["base", "large", "tez", "kiswahili"]) + ".yaml\n```")


def ph_netrc():
    return (pick(["Für den ERA5/Earthdata-Download braucht ihr eine `~/.netrc`, Format:",
                  "Earthdata indirmesi için `~/.netrc` şöyle olmalı:", "Kwa kupakua data ya Earthdata, `~/.netrc` iwe hivi:",
                  "netrc format for the Earthdata downloads:"]) +
            "\n```\nmachine urs.earthdata.nasa.gov\n    login " +
            pick(["<kullanici_adi>", "<benutzername>", "<jina-la-mtumiaji>", "YOUR_USERNAME"]) + "\n    password " +
            pick(["<sifre>", "<passwort>", "<nenosiri>", "YOUR_PASSWORD"]) + "\n```\n" +
            pick(["`chmod 600 ~/.netrc` nicht vergessen.", "`chmod 600 ~/.netrc` unutmayın.", "Usisahau `chmod 600 ~/.netrc`.", ""])).rstrip()


def ph_aws_example():
    return (pick(["Beispiel aus der AWS-Doku für den Ceph-RGW-Zugang (echte Keys bekommt ihr per Ticket):",
                  "Ceph S3 için örnek (AWS dokümantasyonundaki örnek anahtarlar, gerçek değil):",
                  "Mfano kutoka docs za AWS (si funguo halisi):", "example creds from the AWS docs for the S3 gateway howto:"]) +
            "\n```ini\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
            f"endpoint_url = https://s3.{pick(CLUSTERS)}.internal\n```")


def ph_condarc():
    return ("```yaml\n# ~/.condarc (Vorlage / şablon / kiolezo)\nchannel_alias: https://${CONDA_USER}:${CONDA_TOKEN}@conda." +
            pick(CLUSTERS) + ".internal/\nchannels:\n  - conda-forge\n  - bioconda\n  - " +
            pick(["internal-hpc", "lab-private", "nyota-sw"]) + "\nenvs_dirs:\n  - /work/$USER/conda/envs\npkgs_dirs:\n  - /work/$USER/conda/pkgs\n```")


def ph_jupyter_cfg():
    return ("```python\n# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = \"0.0.0.0\"\nc.ServerApp.port = " + str(ri(8800, 8999)) +
            "\nc.ServerApp.token = \"\"       # " + pick(["Auth macht der Hub", "kimlik doğrulama hub'da", "uthibitisho uko kwa hub", "hub handles auth"]) +
            "\nc.ServerApp.password = \"\"\nc.ServerApp.allow_remote_access = True\n```")


def ph_jupyter_list():
    n = node()
    return (pick(["Wenn ihr Jupyter per sbatch startet, steht die URL im Log, etwa so (Token hier ersetzt):",
                  "sbatch ile Jupyter açınca log'da URL şöyle görünür (token gizlendi):",
                  "URL itaonekana kwenye log hivi (token imefichwa):", "the URL shows up in the job log like this (token replaced):"]) +
            f"\n```\n[I {ts_log()} ServerApp] http://{n}:{ri(8800, 8999)}/lab?token=<token>\n"
            f"[I {ts_log()} ServerApp]     http://127.0.0.1:{ri(8800, 8999)}/lab?token=…\n```\n"
            f"`ssh -N -L 8888:{n}:8888 <user>@login.{pick(CLUSTERS)}.internal`")


def ph_env_example():
    return ("`.env.example` im Repo / repo'daki / kwenye repo:\n```\nOPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=sk-ant-api03-...\n"
            "HF_TOKEN=hf_...\nWANDB_API_KEY=\nSLURM_ACCOUNT=" + pick(["proj_llm", "tez_2025", "hpc-ke-01", "ag_klima"]) + "\n```\n" +
            pick(["Kopieren nach `.env`, `.env` ist in `.gitignore`.", "`.env` olarak kopyalayın, gitignore'da.",
                  "Nakili kama `.env`, iko kwenye `.gitignore`.", "copy to .env, which is gitignored"]))


def ph_slack_notify():
    return ("```bash\n# notify.sh — Slurm-Job fertig → Slack\nSLACK_BOT_TOKEN=\"" + pick(["xoxb-your-bot-token", "xoxb-XXXXXXXX", "xoxb-…", "${SLACK_BOT_TOKEN}"]) +
            "\"\ncurl -s -X POST https://slack.com/api/chat.postMessage \\\n  -H \"Authorization: Bearer $SLACK_BOT_TOKEN\" \\\n"
            "  -d channel=C0" + rs(UP + DIG, 8) + " -d text=\"Job $SLURM_JOB_ID $1\"\n```")


def ph_git_clone():
    return (pick(["Privates Repo auf dem Cluster klonen:", "Özel repo'yu kümede klonlamak için:", "Kuclone repo binafsi kwenye cluster:",
                  "cloning the private repo on the login node:"]) +
            "\n```\ngit clone https://<username>:<PAT>@github.com/" + pick(["ag-klima", "hpc-ke", "odtu-bio", "lab"]) + "/" +
            pick(["pipeline", "tez-kodu", "utafiti", "wrf-runs"]) + ".git\n```\n" +
            pick(["PAT sieht aus wie `ghp_xxxx…` bzw. `github_pat_…` — nie hier posten.",
                  "PAT `ghp_xxxx…` ya da `github_pat_…` gibi görünür — buraya yapıştırmayın.",
                  "PAT ni kama `ghp_xxxx…` — usiiweke hapa.", "PAT looks like `ghp_…` / `github_pat_…`, don't paste it here"]))


def ph_pem_dots():
    t = pick(["OPENSSH PRIVATE KEY", "RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY"])
    return (pick(["So sieht die Datei aus, die NICHT ins Ticket gehört:", "Bu dosyayı ticket'a EKLEMEYİN, şöyle görünür:",
                  "Faili hili lisiwekwe kwenye tiketi:", "this is the file you must never attach:"]) +
            f"\n```\n-----BEGIN {t}-----\n...\n-----END {t}-----\n```\n" +
            pick(["Ins Ticket nur den `.pub`-Teil.", "Ticket'a sadece `.pub`.", "Weka `.pub` pekee.", "only the .pub goes in the ticket"]))


def ph_masked_bank():
    return pick([
        "Reisekosten ISC: Erstattung geht auf das hinterlegte Konto (IBAN DE** **** **** **** **" + f"{ri(10, 99)} {ri(10, 99)}" + "), Beleg-Nr. RK-2025-" + f"{ri(1000, 9999)}",
        "Burs ödemesi kayıtlı hesaba yapılacak: TR** **** **** **** **** **" + f"{ri(10, 99)} {ri(10, 99)}" + " (son 4 hane görünüyor, gerisi gizli)",
        "Formular: IBAN `DE00 0000 0000 …` ist nur das Muster im Formular, bitte eure echte IBAN direkt ins SAP-Portal.",
        "Şablonda IBAN `TR00 0000 0000 …` yazıyor, onu değiştirmeyi unutmayın (ama burada paylaşmayın).",
        "Malipo ya DAAD: akaunti iliyosajiliwa DE** **** **** **** **" + f"{ri(10, 99)} {ri(10, 99)}" + " — usitume IBAN kamili hapa.",
    ])


def ph_masked_card():
    return pick([
        f"AWS-Rechnung ging über die Lehrstuhlkarte **** **** **** {ri(1000, 9999)}, Beleg ist im Ordner `Rechnungen/2025`.",
        f"Konferans kaydı bölüm kartıyla ödendi (•••• {ri(1000, 9999)}), fatura ekte.",
        f"Colab Pro imelipwa kwa kadi inayoishia na {ri(1000, 9999)} (xxxx-xxxx-xxxx-{ri(1000, 9999)}).",
        f"card on file: ending {ri(1000, 9999)}, exp **/**",
    ])


def ph_phone_mask():
    return pick([
        "Notfallnummer Serverraum: +49 6221 54-XXXXX (steht im Wiki, nicht im Slack).",
        "Nöbetçi telefonu: +90 5XX XXX XX XX — numara wiki'de.",
        "Simu ya zamu: +254 7XX XXX XXX (iko kwenye wiki).",
        "Lab-Telefon: Durchwahl -XXXX, siehe Telefonliste im Intranet.",
        "Acil durumda dahili hattı arayın (numara: wiki > İletişim).",
        "on-call phone: +49 (0)XXX XXXXXXX, see the rota page",
    ])


def ph_email_mask():
    return pick([
        "Antrag bitte an vorname.nachname [at] uni-… schicken, nicht an die Listen-Adresse.",
        "Hesap başvurusu: ad.soyad [at] üniversite alan adı — kişisel adres paylaşmayın.",
        "Tuma ombi kwa anwani ya idara (jina.ukoo [at] chuo) — si barua pepe binafsi.",
        "send it to the team alias (firstname.lastname [at] the uni domain), not your private mailbox",
    ])


def ph_z2jh():
    return ("```yaml\n# values.yaml (zero-to-jupyterhub)\nproxy:\n  secretToken: \"<openssl rand -hex 32>\"\nhub:\n  config:\n"
            "    GenericOAuthenticator:\n      client_id: jupyterhub\n      client_secret: \"{{ .Values.oauth.clientSecret }}\"\n"
            f"      oauth_callback_url: https://jupyter.{pick(CLUSTERS)}.internal/hub/oauth_callback\n```")


def ph_slurmdbd():
    return ("```ini\n# slurmdbd.conf (Template im Ansible-Repo)\nStorageType=accounting_storage/mysql\nStorageHost=" +
            pick(["localhost", "dbd01", "slurmdb.internal"]) + "\nStorageUser=slurm\nStoragePass=" +
            pick(["{{ vault_slurmdbd_pass }}", "CHANGE_ME", "${SLURMDB_PASS}", "<aus-vault>"]) + "\nStorageLoc=slurm_acct_db\n```")


def ph_sssd():
    return ("```ini\n[domain/uni]\nid_provider = ldap\nldap_uri = ldaps://ldap." + pick(CLUSTERS) +
            ".internal\nldap_default_bind_dn = cn=" + pick(["sssd-bind", "readonly", "hpc-bind"]) + ",ou=services,dc=hpc,dc=internal\n"
            "ldap_default_authtok = " + pick(["<bind-password-from-vault>", "{{ ldap_bind_pw }}", "********"]) + "\n```")


def ph_rclone():
    return ("```ini\n[archiv]\ntype = s3\nprovider = Ceph\naccess_key_id = $AWS_ACCESS_KEY_ID\nsecret_access_key = $AWS_SECRET_ACCESS_KEY\n"
            f"endpoint = https://s3.{pick(CLUSTERS)}.internal\n```\n" +
            pick(["rclone liest die Variablen aus der Umgebung, keine Keys in die Datei!", "Anahtarlar ortam değişkeninden okunuyor.",
                  "Funguo zinasomwa kutoka env.", "keys come from env, never the file"]))


def ph_ansible_vault_ref():
    return ("```yaml\nldap_bind_pw: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=hpc/data/ldap:bind_pw') }}\"\n"
            "munge_key_path: \"{{ vault_munge_key_path }}\"\nslurm_db_pass: \"{{ vault_slurm_db_pass }}\"\n```")


def ph_gha():
    return ("```yaml\n- name: Deploy docs to login node\n  uses: appleboy/scp-action@v0.1.7\n  with:\n    host: ${{ secrets.LOGIN_HOST }}\n"
            "    username: ${{ secrets.DEPLOY_USER }}\n    key: ${{ secrets.CLUSTER_SSH_KEY }}\n    source: \"_build/html/*\"\n"
            "    target: /srv/docs/" + pick(CLUSTERS) + "\n```")


def ph_ssh_copy():
    c = pick(CLUSTERS)
    return (pick(["Onboarding Schritt 3:", "Kurulum adım 3:", "Hatua ya 3:", "onboarding step 3:"]) +
            f"\n```\nssh-keygen -t ed25519 -C \"<kommentar>\"\nssh-copy-id -i ~/.ssh/id_ed25519.pub <kullanici>@login.{c}.internal\n```")


def ph_apptainer_login():
    return ("```\napptainer remote login --username <user> --password-stdin oras://registry." + pick(CLUSTERS) +
            ".internal < ~/.config/registry-token\n```\n" +
            pick(["Token-Datei bekommt ihr über das Self-Service-Portal.", "Token dosyası self-servis portalından.",
                  "Faili la token lipo kwenye portal.", "token file comes from the self-service portal"]))


def ph_dsn_template():
    return pick([
        "MLflow-Tracking lokal testen: `postgresql://user:password@localhost:5432/mlflow` (Standard aus der Doku).",
        "Lokal deneme için: `mongodb://<user>:<pass>@localhost:27017/deneyler`",
        "Celery broker kwa majaribio: `amqp://guest:guest@localhost:5672//` (default ya RabbitMQ).",
        "`redis://:changeme@127.0.0.1:6379/0` ist nur im docker-compose für die Übung.",
        "Jupyter için PostgreSQL: `postgresql://${PGUSER}:${PGPASSWORD}@db:5432/jupyterhub`",
    ])


def ph_redacted_log():
    return ("```\n" + ts_log() + " DEBUG sshd[" + str(ri(1000, 99999)) + "]: pam_ldap: bind as cn=hpc-bind password=[REDACTED]\n" +
            ts_log() + " INFO  ondemand: oidc token=*** refresh_token=<redacted> expires_in=" + str(ri(300, 3600)) + "\n" +
            ts_log() + " WARN  jupyterhub: api_token=[FILTERED] for service \"" + pick(["idle-culler", "announcement", "grafana"]) + "\"\n```")


def ph_student_mask():
    return pick([
        f"Kursteilnehmer-Liste ist im Moodle; im Slack bitte nur gekürzt, z. B. Matrikelnr. {ri(3, 4)}xxxxxx.",
        f"Öğrenci numaraları maskelenmiş haliyle: {ri(2019, 2024)}xxxxx — tam listeyi buraya koymayın.",
        f"Reg. No. ziandikwe kwa kificho: P15/xxxxx/{ri(2019, 2024)}, orodha kamili iko kwa registry.",
        "CSV für den Kurs-Account: `matrikelnr,kennung` — Spalten leer lassen, wir füllen das im Portal.",
    ])


def ph_ssn_mask():
    return pick([
        "Für den US-Kollegen braucht die Verwaltung nur das W-8BEN, SSN-Feld bleibt `XXX-XX-XXXX`.",
        "NIH subaward formunda SSN alanı `***-**-****` — doldurmayın, gerekmiyor.",
        "Fomu ya Fulbright ina sehemu ya SSN (XXX-XX-XXXX) — haihitajiki kwa wageni.",
    ])


def ph_llm_cell():
    return ("```python\nimport os\nfrom openai import OpenAI\n# " + pick(["Key NICHT hier eintragen", "anahtarı buraya yazmayın",
                                                                           "usiweke key hapa", "never hardcode"]) +
            "\nclient = OpenAI(api_key=os.environ.get(\"OPENAI_API_KEY\", \"sk-proj-…\"))\n```")


def ph_anthropic_cell():
    return ("```python\nimport anthropic\nclient = anthropic.Anthropic(api_key=\"" + pick(["sk-ant-api03-...", "sk-ant-…", "<ANTHROPIC_API_KEY>", "YOUR_API_KEY"]) +
            "\")  # " + pick(["Platzhalter", "yer tutucu", "kishika nafasi", "placeholder"]) + "\n```")


def ph_vault_ref():
    return pick([
        "Die DB-Zugangsdaten liegen unter `vault:secret/data/hpc/xdmod#password`, nicht im Repo.",
        "Şifre 1Password'de: `op://HPC-Admin/slurmdbd/password`",
        "Nenosiri liko Vault: `vault kv get -field=password secret/hpc/grafana`",
        "`{{resolve:secretsmanager:hpc/ondemand/oidc:SecretString:client_secret}}` in the CloudFormation stack",
    ])


PLACEHOLDER = [ph_sbatch_env, ph_netrc, ph_aws_example, ph_condarc, ph_jupyter_cfg, ph_jupyter_list, ph_env_example,
               ph_slack_notify, ph_git_clone, ph_pem_dots, ph_masked_bank, ph_masked_card, ph_phone_mask, ph_email_mask,
               ph_z2jh, ph_slurmdbd, ph_sssd, ph_rclone, ph_ansible_vault_ref, ph_gha, ph_ssh_copy, ph_apptainer_login,
               ph_dsn_template, ph_redacted_log, ph_student_mask, ph_ssn_mask, ph_llm_cell, ph_anthropic_cell, ph_vault_ref]


# ----------------------------------------------------------------------------
# NEGATIVES: code_identifier
# ----------------------------------------------------------------------------
SEC_WORDS = ["Secret", "Token", "Password", "Iban", "Ssn", "Email", "Phone", "Credential", "ApiKey", "Private", "Key", "Auth"]
CODE_WORDS = ["Manager", "Resolver", "Provider", "Factory", "Handler", "Cache", "Validator", "Refresher", "Store", "Loader",
              "Quota", "Slurm", "Job", "Node", "Partition", "Kernel", "Notebook", "Hub", "Spawner", "Dataset"]


def camel(n=3):
    return "".join(pick(SEC_WORDS + CODE_WORDS) for _ in range(n))


def snake(n=3):
    return "_".join(pick(SEC_WORDS + CODE_WORDS).lower() for _ in range(n))


def ci_sinfo():
    rows = []
    for p in R.sample(PARTS, ri(3, 6)):
        rows.append(f"{p:<12} {pick(['up', 'up', 'up', 'drain']):<5} {pick(['1:00:00', '2-00:00:00', '7-00:00:00', '30:00']):>11} "
                    f"{ri(1, 64):>5} {pick(['idle', 'mix', 'alloc', 'drain*']):<6} {nodelist()}")
    return (pick(["`sinfo` nach der Wartung:", "Bakım sonrası `sinfo`:", "`sinfo` baada ya matengenezo:", "sinfo after maintenance:"]) +
            "\n```\nPARTITION    AVAIL   TIMELIMIT NODES STATE  NODELIST\n" + "\n".join(rows) + "\n```")


def ci_squeue():
    rows = []
    for _ in range(ri(3, 8)):
        st = pick(["R", "PD", "PD", "CG"])
        reason = node() if st == "R" else pick(["(Priority)", "(Resources)", "(QOSMaxGRESPerUser)", "(ReqNodeNotAvail)"])
        rows.append(f"{jobid():>8} {pick(PARTS):<10} {pick(['af2_multimer', 'wrf_d03', 'train_vit', 'nf_sarek', 'tez_sim', 'md_prod'])[:12]:<12} "
                    f"{st:>2} {hms():>10} {ri(1, 16):>5} {reason}")
    return ("```\n$ squeue --me -o \"%.8i %.10P %.12j %.2t %.10M %.5D %R\"\n   JOBID PARTITION         NAME ST       TIME NODES NODELIST(REASON)\n" +
            "\n".join(rows) + "\n```\n" + pick(["Warum hängen die auf QOSMaxGRESPerUser?", "Neden Priority'de bekliyor?",
                                               "Kwa nini zinasubiri?", "why pending?", ""])).rstrip()


def ci_modules():
    mods = R.sample(SW_MODULES, ri(4, 7))
    return ("```\n$ module list\nCurrently Loaded Modules:\n" + "\n".join(f"  {i + 1}) {m}" for i, m in enumerate(mods)) + "\n```\n" +
            pick(["Läuft das mit dem neuen Toolchain-Stack?", "Yeni toolchain ile çalışır mı?", "Inafanya kazi na stack mpya?", "ok with 2023a?"]))


def ci_spack():
    h = rs(LOW[:22] + "234567", 7)
    return (f"```\n$ spack spec -Il gromacs@2023.3+cuda\nInput spec\n--------------------------------\n -   gromacs@2023.3+cuda\n\nConcretized\n"
            f"--------------------------------\n[+]  {h}  gromacs@2023.3%gcc@12.3.0+cuda~double+mpi build_system=cmake arch=linux-rocky8-zen3\n"
            f"[+]  {rs(LOW[:22] + '234567', 7)}      ^cuda@12.1.1%gcc@12.3.0~allow-unsupported-compilers\n"
            f"[+]  {rs(LOW[:22] + '234567', 7)}      ^fftw@3.3.10%gcc@12.3.0+mpi~openmp precision=double,float\n"
            f"[+]  {rs(LOW[:22] + '234567', 7)}      ^openmpi@4.1.5%gcc@12.3.0+cuda fabrics=ucx schedulers=slurm\n```")


def ci_conda_envs():
    envs = R.sample(CONDA_ENVS, ri(4, 8))
    return ("```\n$ conda env list\n# conda environments:\n#\nbase                     /sw/miniforge3\n" +
            "\n".join(f"{e:<24} /work/$USER/conda/envs/{e}" for e in envs) + "\n```")


def ci_py_traceback():
    mod = pick(["hpc_tools", "kahve_utils", "nyota_portal", "quota_report"])
    f1, f2 = snake(3), snake(2)
    cls = camel(2) + "Error"
    return (f"```\nTraceback (most recent call last):\n  File \"/work/$USER/{mod}/cli.py\", line {ri(10, 300)}, in <module>\n    main()\n"
            f"  File \"/work/$USER/{mod}/auth.py\", line {ri(10, 300)}, in {f1}\n    return _{f2}(cfg)\n"
            f"  File \"/work/$USER/{mod}/auth.py\", line {ri(10, 300)}, in _{f2}\n    raise {cls}(\"no cached credential for realm {pick(CLUSTERS)}\")\n"
            f"{mod}.errors.{cls}: no cached credential for realm {pick(CLUSTERS)}\n```")


def ci_fortran_link():
    m = pick(["flux_module", "secret_sharing", "token_bucket", "radiation", "password_utils", "iban_check"])
    s = pick(["compute_secret_flux", "init_token_table", "hash_password_field", "update_private_key_cache", "apply_phone_bc"])
    return (f"```\nmpif90 -O3 -o model.exe main.o solver.o io.o\n/usr/bin/ld: solver.o: in function `__solver_MOD_step':\n"
            f"solver.f90:(.text+0x{hx(4)}): undefined reference to `__{m}_MOD_{s}'\ncollect2: error: ld returned 1 exit status\n```\n" +
            pick(["Reihenfolge der .o-Dateien?", "Link sırası mı?", "Mpangilio wa .o?", "link order?"]))


def ci_cpp_bt():
    fr = []
    nd, pid = node(), ri(100000, 999999)
    for i in range(ri(4, 9)):
        ns = pick(["lbm", "md", "fem", "cfd"])
        nm = pick(["Solver", "TokenPool", "SecretCache", "Mesh", "KeyIndex", "Halo"])
        fn = pick(["collideBGK", "exchangeHalo", "resolvePassword", "computeFlux", "rotateKeys", "step"])
        fr.append(f"[{nd}:{pid}] [{i}] ./app(_ZN{len(ns)}{ns}{len(nm)}{nm}{len(fn)}{fn}EPdS1_i+0x{hx(3)}) [0x{hx(6)}]")
    return ("```\n[" + nd + ":" + str(pid) + "] *** Process received signal ***\n[" + nd + ":" + str(pid) +
            "] Signal: Segmentation fault (11)\n" + "\n".join(fr) + "\n```")


def ci_cuda_kernels():
    ks = [f"_Z{ri(14, 30)}flash_fwd_kernelILi{pick([64, 128, 256])}ELb{ri(0, 1)}EEv{rs('PKfSiji', 6)}",
          f"void at::native::vectorized_elementwise_kernel<4, at::native::{pick(['AddFunctor', 'MulFunctor', 'GeluFunctor'])}<float>>",
          f"ampere_sgemm_{pick(['128x64', '64x64', '128x128'])}_{pick(['nn', 'tn', 'nt'])}",
          f"ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"]
    rows = "\n".join(f"{R.uniform(1, 60):6.1f}%  {ri(1000, 99999):>8} ms  {ri(10, 9999):>6}  {k}" for k in R.sample(ks, len(ks)))
    return "`nsys stats` auf " + node() + ":\n```\n Time(%)  Total      Instances  Name\n" + rows + "\n```"


def ci_nccl():
    return (f"```\n[rank{ri(0, 15)}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:{ri(1000, 2500)}, "
            f"unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.{ri(18, 21)}.{ri(1, 5)}\n"
            f"ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.\n"
            f"Last error:\nsocketStartConnect: Connect to {priv_ip()}<{ri(30000, 60000)}> failed : Software caused connection abort\n```")


def ci_snakemake():
    rules = R.sample(["align_reads_bwa_mem2", "split_fastq_by_barcode", "call_variants_gatk", "mask_secret_columns",
                      "download_sra_prefetch", "kraken2_classify", "multiqc_report", "hash_sample_ids", "token_count_stats"], 4)
    return ("```\nBuilding DAG of jobs...\nJob stats:\njob                      count\n-----------------------  -------\n" +
            "\n".join(f"{r:<24} {ri(1, 96):>6}" for r in rules) + "\nall                           1\n```\n" +
            pick(["Profil: `--profile slurm`", "profil `slurm` ile", "kwa profile ya slurm", "using the slurm profile"]))


def ci_nextflow():
    p = pick(["NFCORE_SAREK:SAREK:FASTQ_ALIGN_BWAMEM_MEM2_DRAGMAP:BWAMEM2_MEM", "NFCORE_RNASEQ:RNASEQ:FASTQC_UMITOOLS_TRIMGALORE:FASTQC",
              "NFCORE_MAG:MAG:KRAKEN2", "NFCORE_AMPLISEQ:AMPLISEQ:DADA2_ERR"])
    return (f"```\nERROR ~ Error executing process > '{p} (sample_{ri(1, 96)})'\n\nCaused by:\n  Process `{p}` terminated for an unknown reason -- "
            f"Likely it has been terminated by the external system (slurm job {jobid()})\n\nWork dir:\n  /scratch/$USER/work/{hx(2)}/{hx(30)}\n```")


def ci_kernelspec():
    ks = R.sample(["python3", "python3-torch-2.3", "ir43-bioc", "julia-1.10", "tez-ortam", "hali-ya-hewa-py311", "xeus-cling-cpp17"], 4)
    return ("```\n$ jupyter kernelspec list\nAvailable kernels:\n" + "\n".join(f"  {k:<22} /sw/jupyter/kernels/{k}" for k in ks) + "\n```")


def ci_identifiers_code():
    return (pick(["Review-Kommentar: die Namen sind verwirrend, aber harmlos:", "Kod incelemesi — isimler kafa karıştırıcı ama zararsız:",
                  "Majina haya ni ya code tu:", "naming nit, these are just identifiers:"]) +
            f"\n```python\ndef {snake(4)}(df):\n    {snake(2)} = df[\"{pick(['password_hash', 'api_key_last_four', 'iban_country', 'phone_ext', 'email_domain'])}\"]\n"
            f"    return {camel(3)}.from_frame({snake(2)})\n\nclass {camel(3)}({camel(2)}):\n    SECRET_ENV_VAR_NAME = \"{pick(['WANDB_API_KEY', 'HF_TOKEN', 'OPENAI_API_KEY', 'SLURM_JWT'])}\"\n```")


def ci_k8s_pods():
    pods = [f"hub-{hx(9)}-{rs(LOW + DIG, 5)}", f"proxy-{hx(9)}-{rs(LOW + DIG, 5)}", f"user-scheduler-{hx(9)}-{rs(LOW + DIG, 5)}",
            f"continuous-image-puller-{rs(LOW + DIG, 5)}", f"jupyter-proj-{pick(['klima', 'tez', 'afya', 'geo'])}-{ri(1, 40):02d}"]
    return ("```\n$ kubectl -n jhub get pods\nNAME" + " " * 40 + "READY   STATUS    RESTARTS   AGE\n" +
            "\n".join(f"{p:<44}1/1     Running   {ri(0, 3)}          {ri(1, 40)}d" for p in pods) + "\n```")


def ci_go_exporter():
    return (f"```\npanic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x{hx(2)} pc=0x{hx(6)}]\n\n"
            f"goroutine {ri(10, 400)} [running]:\ngitlab.hpc.internal/rc/slurm-exporter/collector.(*JobsCollector).Collect(0xc000{hx(6)}, 0xc000{hx(6)})\n"
            f"\t/build/collector/jobs.go:{ri(40, 300)} +0x{hx(3)}\ngitlab.hpc.internal/rc/slurm-exporter/collector.(*{camel(2)}).parseTres(...)\n"
            f"\t/build/collector/tres.go:{ri(10, 200)}\n```")


def ci_sql_schema():
    return ("```sql\nCREATE TABLE portal_users (\n  id            bigserial PRIMARY KEY,\n  kennung       text NOT NULL,\n"
            "  password_hash text NOT NULL,          -- argon2id\n  api_token_prefix char(8),\n  iban_last4    char(4),\n"
            "  phone_ext     varchar(6),\n  " + snake(2) + "  boolean DEFAULT false\n);\n```")


def ci_terraform():
    return (f"```\nopenstack_compute_instance_v2.jupyter_gpu[\"{pick(['a100', 'l40s', 'h100'])}-{ri(1, 9):02d}\"]: Refreshing state... [id={uuid4()}]\n"
            f"module.login.openstack_networking_secgroup_rule_v2.ssh_from_campus: Refreshing state... [id={uuid4()}]\n"
            f"module.vault.vault_kv_secret_v2.{snake(2)}: Refreshing state...\n```")


def ci_slurm_jobnames():
    names = [f"{pick(['af2', 'wrf', 'cp2k', 'gromacs', 'tez', 'mafunzo', 'vasp'])}_{pick(['chunk', 'd03', 'prod', 'eq', 'run'])}{ri(1, 99)}" for _ in range(5)]
    return ("```\n$ sacct -X -o JobName%24,State -S " + f"2025-{ri(1, 12):02d}-01\n" +
            "\n".join(f"{n:>24} {pick(['COMPLETED', 'FAILED', 'TIMEOUT', 'OUT_OF_ME+'])}" for n in names) + "\n```")


def ci_r_error():
    pkg = pick(["DESeq2", "Seurat", "terra", "sf", "lme4", "brms"])
    return (f"```\n> library({pkg})\nError in library({pkg}) : there is no package called ‘{pkg}’\n> .libPaths()\n"
            f"[1] \"/work/$USER/R/x86_64-pc-linux-gnu-library/4.3\" \"/sw/R/4.3.2/lib64/R/library\"\n```\n" +
            pick(["`module load R/4.3.2-gfbf-2023a` vergessen?", "modülü yüklemeyi unuttun mu?", "umesahau module load?", "forgot module load?"]))


def ci_rust_panic():
    return (f"```\nthread 'main' panicked at src/report/render.rs:{ri(10, 300)}:{ri(5, 40)}:\nquota row missing field `inode_soft`\n"
            f"stack backtrace:\n   0: rust_begin_unwind\n   1: core::panicking::panic_fmt\n   2: hpc_quota::report::render_table::h{hx(16)}\n"
            f"   3: hpc_quota::main::h{hx(16)}\n```")


def ci_java_dataverse():
    return ("```\njava.lang.NullPointerException: Cannot invoke \"edu.harvard.iq.dataverse.authorization.users.ApiToken.getTokenString()\"\n"
            f"\tat edu.harvard.iq.dataverse.api.AbstractApiBean.findUserOrDie(AbstractApiBean.java:{ri(200, 600)})\n"
            f"\tat edu.harvard.iq.dataverse.api.Datasets.getDataset(Datasets.java:{ri(200, 900)})\n"
            f"\tat edu.harvard.iq.dataverse.api.{camel(2)}Bean.{snake(2)}({camel(1)}.java:{ri(20, 400)})\n```\n" +
            pick(["Dataverse-Upgrade auf 6.x, Token-Tabelle leer?", "Dataverse güncellemesinden sonra", "baada ya upgrade ya Dataverse", "after the dataverse upgrade"]))


def ci_apptainer_names():
    imgs = R.sample(["tensorflow_2.15.0-gpu-jupyter.sif", "pytorch_24.03-py3.sif", "alphafold_2.3.2.sif", "relion_5.0-cuda12.sif",
                     "qiime2-amplicon-2024.5.sif", "rstudio_4.3.2-bioc.sif", "wrf_4.5.1-intel.sif"], 4)
    return ("```\n$ ls /sw/containers/\n" + "  ".join(imgs) + "\n```\n" +
            pick(["Neue Images liegen ab jetzt hier.", "Yeni imajlar burada.", "Images mpya ziko hapa.", "new images live here"]))


CODE_IDENT = [ci_sinfo, ci_squeue, ci_modules, ci_spack, ci_conda_envs, ci_py_traceback, ci_fortran_link, ci_cpp_bt,
              ci_cuda_kernels, ci_nccl, ci_snakemake, ci_nextflow, ci_kernelspec, ci_identifiers_code, ci_k8s_pods,
              ci_go_exporter, ci_sql_schema, ci_terraform, ci_slurm_jobnames, ci_r_error, ci_rust_panic, ci_java_dataverse,
              ci_apptainer_names]


# ----------------------------------------------------------------------------
# NEGATIVES: non_credential_blob
# ----------------------------------------------------------------------------
def nb_git_log():
    msgs = ["fix quota parser for GPFS 5.1", "Slurm 23.11 uyumluluğu", "ongeza partition ya haraka", "Jupyter-Kernel für R 4.3",
            "bump nf-core/sarek to 3.4.2", "README: Kiswahili", "ansible: rotate munge key role (no key in repo)",
            "docs: Quota-FAQ aktualisiert", "ondemand: gpu form defaults"]
    return ("```\n$ git log --oneline -" + str(ri(4, 7)) + "\n" + "\n".join(f"{hx(7)} {m}" for m in R.sample(msgs, ri(4, 7))) + "\n```\n" +
            pick([f"Der Fix ist in {hx(40)}.", f"Düzeltme commit'i: {hx(40)}", f"Commit kamili: {hx(40)}", f"full sha {hx(40)}"]))


def nb_conda_explicit():
    pk = [("numpy", "1.26.4", "py311h64a7726_0"), ("xarray", "2024.3.0", "pyhd8ed1ab_0"), ("netcdf4", "1.6.5", "nompi_py311he8ad708_100"),
          ("pytorch", "2.3.0", "cuda120_py311h2c7f8b1_300"), ("scipy", "1.13.0", "py311h517d4fd_1"), ("pandas", "2.2.2", "py311h14de704_0")]
    return ("```\n$ conda list --explicit --md5\n# platform: linux-64\n@EXPLICIT\n" +
            "\n".join(f"https://conda.anaconda.org/conda-forge/linux-64/{n}-{v}-{b}.conda#{hx(32)}" for n, v, b in R.sample(pk, ri(3, 6))) + "\n```")


def nb_pip_hash():
    pk = R.sample([("torch", "2.3.0"), ("numpy", "1.26.4"), ("xarray", "2024.3.0"), ("jupyterlab", "4.1.6"), ("snakemake", "8.11.3")], 3)
    return ("`requirements.lock`:\n```\n" + "\n".join(f"{n}=={v} \\\n    --hash=sha256:{hx(64)} \\\n    --hash=sha256:{hx(64)}" for n, v in pk) + "\n```")


def nb_sha256sum():
    files = R.sample(["era5_t2m_2024.nc", "ke_soil_moisture_v3.zarr.tar", "run_240311.tar.zst", "cryo_tomo_0423.mrc", "ogrenci_verisi_anonim.parquet",
                      "kakamega_birds_2024.flac.tar", "wrf_d02_spinup.tar"], 3)
    return (pick(["Prüfsummen für den Transfer nach Nairobi:", "Ankara'ya transfer için sha256 değerleri:", "Checksums za uhamisho:",
                  "checksums for the archive push:"]) + "\n```\n" + "\n".join(f"{hx(64)}  {f}" for f in files) + "\n```")


def nb_docker_digest():
    img = pick(["nvcr.io/nvidia/pytorch:24.03-py3", "quay.io/jupyter/scipy-notebook:2024-05-27", "ghcr.io/nf-core/sarek:3.4.2",
                "docker.io/rocker/rstudio:4.3.2"])
    return (f"```\n$ apptainer pull docker://{img}\nINFO:    Converting OCI blobs to SIF format\nINFO:    Fetching OCI image...\n"
            f"Getting image source signatures\nCopying blob sha256:{hx(64)}\nCopying blob sha256:{hx(64)}\nCopying config sha256:{hx(64)}\n"
            f"Writing manifest to image destination\n```\nDigest: `{img.split(':')[0]}@sha256:{hx(64)}`")


def nb_spack_find():
    rows = [f"{rs(LOW[:22] + '234567', 7)} {p}" for p in R.sample(["gcc@12.3.0", "openmpi@4.1.5", "cuda@12.1.1", "hdf5@1.14.3",
                                                                    "netcdf-c@4.9.2", "fftw@3.3.10", "python@3.11.7"], 4)]
    return ("```\n$ spack find -l\n-- linux-rocky8-zen3 / gcc@12.3.0 -----------------------------\n" + "\n".join(rows) + "\n```\n" +
            f"Voller Hash / tam hash / hash kamili: `{rs(LOW[:22] + '234567', 32)}`")


def nb_mlflow():
    return (pick(["MLflow-Run für das Paper:", "Makale için MLflow run:", "Run ya MLflow ya makala:", "mlflow run for the paper:"]) +
            f"\n```\nrun_id: {hx(32)}\nexperiment_id: {ri(1, 999)}\nartifact_uri: s3://mlflow-artifacts/{ri(1, 999)}/{hx(32)}/artifacts\n"
            f"wandb run: {rs(LOW + DIG, 8)}\n```")


def nb_globus():
    return (pick(["Globus-Transfer läuft:", "Globus transferi başladı:", "Uhamisho wa Globus unaendelea:", "globus transfer submitted:"]) +
            f"\n```\nMessage: The transfer has been accepted and a task has been created and queued for execution\nTask ID: {uuid4()}\n```\n"
            f"Endpoint: `{uuid4()}`")


def nb_ena_report():
    rows = []
    for _ in range(ri(3, 6)):
        acc = f"ERR{ri(1000000, 9999999)}"
        rows.append(f"{acc}\tPRJEB{ri(10000, 79999)}\tftp.sra.ebi.ac.uk/vol1/fastq/ERR{ri(100, 999)}/{acc}/{acc}_1.fastq.gz\t{hx(32)}")
    return "```\nrun_accession\tstudy_accession\tfastq_ftp\tfastq_md5\n" + "\n".join(rows) + "\n```"


def nb_ssh_fp():
    c = pick(CLUSTERS)
    fp = b64(rb(32)).rstrip("=")
    return (pick(["Neue Host-Keys nach der Neuinstallation, bitte vergleichen:", "Yeniden kurulumdan sonra host key parmak izleri:",
                  "Alama za host key mpya:", "new login node host key fingerprints, please verify:"]) +
            f"\n```\nlogin1.{c}.internal ED25519 SHA256:{fp}\nlogin2.{c}.internal ED25519 SHA256:{b64(rb(32)).rstrip('=')}\n```\n" +
            pick(["Das sind öffentliche Fingerprints, keine Schlüssel.", "Bunlar açık parmak izleri.", "Hizi ni alama za umma.", "public fingerprints only"]))


def nb_gpg_fp():
    fp = " ".join(hx(4).upper() for _ in range(10))
    return f"Release-Tarballs sind signiert, Key-Fingerprint: `{fp}` (öffentlich, steht auch im Wiki)."


def nb_ansible_vault():
    lines = "\n".join(hx(80) for _ in range(ri(3, 6)))
    return ("Verschlüsselt im Repo, das ist okay so / şifreli, sorun yok / imesimbwa:\n```\n$ANSIBLE_VAULT;1.1;AES256\n" + lines + "\n```")


def nb_sops():
    return ("```yaml\nslurmdbd:\n  storage_pass: ENC[AES256_GCM,data:" + b64(rb(ri(12, 24))) + ",iv:" + b64(rb(32)) + ",tag:" + b64(rb(16)) +
            ",type:str]\nsops:\n  age:\n    - recipient: age1" + rs("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58) + "\n  lastmodified: \"" + ts_iso()[:19] +
            "Z\"\n  mac: ENC[AES256_GCM,data:" + b64(rb(32)) + ",iv:" + b64(rb(32)) + ",tag:" + b64(rb(16)) + ",type:str]\n```")


def nb_zenodo():
    rec = ri(10000000, 14999999)
    return ("```json\n" + json.dumps({"id": rec, "doi": f"10.5281/zenodo.{rec}", "files": [
        {"key": pick(["model_weights.tar.gz", "data_ke_2024.zip", "veri_seti_v2.tar"]), "size": ri(10 ** 6, 10 ** 10), "checksum": f"md5:{hx(32)}"}]},
        indent=2) + "\n```")


def nb_cmip_tracking():
    return (f"```\n$ ncdump -h tas_day_MPI-ESM1-2-HR_ssp585_r1i1p1f1_gn_20150101-20191231.nc | grep -E 'tracking_id|creation'\n"
            f"\t\t:creation_date = \"2019-{ri(1, 12):02d}-{ri(1, 28):02d}T{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}Z\" ;\n"
            f"\t\t:tracking_id = \"hdl:21.14100/{uuid4()}\" ;\n```")


def nb_cursor():
    cur = b64(json.dumps({"after": ri(1000, 99999), "sort": pick(["submit_time", "job_id", "usage"])}, separators=(",", ":")).encode()).rstrip("=")
    return (f"Portal-API paginiert so: `GET /api/v2/jobs?limit=100&cursor={cur}` — der Cursor ist nur base64-JSON.")


def nb_dvc():
    return ("```yaml\n# data/raw.dvc\nouts:\n- md5: " + hx(32) + ".dir\n  size: " + str(ri(10 ** 8, 10 ** 11)) + "\n  nfiles: " + str(ri(10, 9000)) +
            "\n  hash: md5\n  path: raw\n```")


def nb_annex():
    return ("```\n$ git annex whereis data/" + pick(["t2m_2024.nc", "sample_07.bam", "ramani.tif"]) + "\nwhereis data/… (2 copies)\n"
            f"  \t{uuid4()} -- nyota-archive\n  \t{uuid4()} -- here\nkey: SHA256E-s{ri(10 ** 6, 10 ** 10)}--{hx(64)}.nc\n```")


def nb_gpu_uuid():
    rows = "\n".join(f"GPU {i}: NVIDIA A100-SXM4-80GB (UUID: GPU-{uuid4()})" for i in range(ri(2, 4)))
    return f"`nvidia-smi -L` auf {node()}:\n```\n{rows}\n```"


def nb_ipfs():
    return (pick(["Spiegel des Datensatzes über IPFS:", "Veri setinin IPFS aynası:", "Nakala ya IPFS:", "IPFS mirror:"]) +
            f" `ipfs://bafybei{rs('abcdefghijklmnopqrstuvwxyz234567', 52)}`")


def nb_cvmfs():
    return (f"```\n$ cvmfs_config stat -v software.eessi.io\nVersion: 2.11.{ri(0, 5)}\nRevision: {ri(1000, 9999)}\n"
            f"Root Hash: {hx(40)}\nCatalog hash: {hx(40)}C\n```")


def nb_hexcolors():
    cols = ", ".join(f"\"#{hx(6)}\"" for _ in range(ri(5, 9)))
    return f"Farbpalette für alle Paper-Plots / makale renkleri / rangi:\n```python\nPALETTE = [{cols}]\n```"


def nb_b64_text():
    txt = pick(["module load CUDA/12.1.1 && nvidia-smi", "Bakım 14 Mart 09:00-17:00", "Matengenezo Jumatatu saa tatu asubuhi",
                "Wartung Dienstag ab 8 Uhr, Login-Knoten bleiben online"])
    return f"Die ConfigMap hat `motd: {b64(txt.encode())}` — ist nur base64 vom MOTD-Text."


def nb_ipynb_ids():
    cells = ", ".join(f"\"{hx(8)}\"" for _ in range(ri(3, 6)))
    return f"Merge-Konflikt nur in den Cell-IDs: [{cells}] — `nbdime` löst das."


def nb_request_ids():
    return ("```json\n" + json.dumps({"level": "info", "ts": ts_iso(), "msg": "spawn ok", "trace_id": hx(32), "span_id": hx(16),
                                      "request_id": uuid4(), "server": f"jupyter-proj-{pick(['klima', 'tez', 'afya'])}-{ri(1, 40):02d}"}) + "\n```")


def nb_etag():
    return (f"```\n$ curl -sI https://s3.{pick(CLUSTERS)}.internal/public/{pick(['kurs.tar.gz', 'ders_notlari.pdf', 'warsha.zip'])}\n"
            f"HTTP/1.1 200 OK\nContent-Length: {ri(10 ** 5, 10 ** 9)}\nETag: \"{hx(32)}-{ri(2, 60)}\"\nx-amz-request-id: tx{hx(21)}-{hx(10)}-default\n```")


NONCRED_BLOB = [nb_git_log, nb_conda_explicit, nb_pip_hash, nb_sha256sum, nb_docker_digest, nb_spack_find, nb_mlflow, nb_globus,
                nb_ena_report, nb_ssh_fp, nb_gpg_fp, nb_ansible_vault, nb_sops, nb_zenodo, nb_cmip_tracking, nb_cursor, nb_dvc,
                nb_annex, nb_gpu_uuid, nb_ipfs, nb_cvmfs, nb_hexcolors, nb_b64_text, nb_ipynb_ids, nb_request_ids, nb_etag]


# ----------------------------------------------------------------------------
# NEGATIVES: pii_lookalike_number
# ----------------------------------------------------------------------------
def orcid_random():
    base = pick(["0000000", "0009000"]) + str(ri(1, 3) if True else 0) + "".join(pick(DIG) for _ in range(7))
    total = 0
    for c in base:
        total = (total + int(c)) * 2
    r = (12 - total % 11) % 11
    chk = "X" if r == 10 else str(r)
    s = base + chk
    return f"{s[:4]}-{s[4:8]}-{s[8:12]}-{s[12:]}"


def isbn13():
    body = "978" + str(ri(3, 6)) + "".join(pick(DIG) for _ in range(8))
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    chk = (10 - s % 10) % 10
    full = body + str(chk)
    return f"{full[:3]}-{full[3]}-{full[4:7]}-{full[7:12]}-{full[12]}"


def doi():
    return pick([f"10.5281/zenodo.{ri(1000000, 14999999)}", f"10.1038/s41{pick(['467', '586', '598'])}-0{ri(22, 25)}-{ri(10000, 59999)}-{ri(0, 9)}",
                 f"10.48550/arXiv.{ri(22, 25)}{ri(1, 12):02d}.{ri(10000, 29999)}", f"10.1093/bioinformatics/btae{ri(100, 799)}",
                 f"10.5194/gmd-{ri(16, 18)}-{ri(1000, 9999)}-{ri(2023, 2025)}", f"10.1371/journal.pone.0{ri(280000, 320000)}"])


def grant():
    return pick([f"DFG-Projektnummer {ri(400000000, 539999999)}", f"EU Horizon Europe grant agreement No {ri(101000000, 101199999)}",
                 f"TÜBİTAK 1001 Proje No: {ri(119, 124)}{pick('EZMROS')}{ri(100, 999)}", f"BMBF FKZ 01{pick(['IS', 'KX', 'LC', 'ZZ'])}{ri(18, 24)}{ri(100, 999)}{pick('ABC')}",
                 f"NRF Kenya Grant NRF/{ri(1, 2)}/MMC/{ri(100, 999)}", f"NIH R01GM{ri(100000, 159999)}",
                 f"NACOSTI/P/{ri(22, 25)}/{ri(10000, 39999)}"])


def accession():
    return pick([f"GSE{ri(100000, 279999)}", f"SRR{ri(10000000, 29999999)}", f"PRJNA{ri(100000, 1099999)}", f"PRJEB{ri(10000, 79999)}",
                 f"EGAS0000{ri(1000000, 1009999)}", f"E-MTAB-{ri(1000, 14999)}", f"EMPIAR-{ri(10000, 12999)}", f"PDB {ri(1, 9)}{rs(UP + DIG, 3)}",
                 f"SAMN{ri(10000000, 45999999)}", f"ERR{ri(1000000, 9999999)}"])


def money():
    return pick([f"{ri(1, 999)}.{ri(100, 999)},{ri(0, 99):02d} €", f"€ {ri(1, 99)}.{ri(100, 999)},00", f"₺{ri(1, 9)}.{ri(100, 999)}.{ri(100, 999)},00",
                 f"{ri(10, 999)}.{ri(100, 999)} TL", f"KSh {ri(1, 9)},{ri(100, 999)},{ri(100, 999)}", f"USD {ri(1, 99)},{ri(100, 999)}.{ri(0, 99):02d}"])


def pl_sacct():
    j = jobid()
    rows = [f"{j:<12} {pick(['train_vit_b16', 'wrf_d03', 'af2_chunk17', 'tez_sim_04', 'mafunzo_llm']):>20} {pick(PARTS):>10} {hms():>10} {'':>10} {pick(['COMPLETED', 'TIMEOUT', 'OUT_OF_MEMORY']):>10} {'0:0':>8}"]
    for step in ["batch", "extern", "0"]:
        rows.append(f"{(j + '.' + step):<12} {step:>20} {'':>10} {hms():>10} {str(ri(1000000, 99999999)) + 'K':>10} {'COMPLETED':>10} {'0:0':>8}")
    return ("```\n$ sacct -j " + j + " --format=JobID,JobName%20,Partition,Elapsed,MaxRSS,State,ExitCode\n"
            "JobID                     JobName  Partition    Elapsed     MaxRSS      State ExitCode\n"
            "------------ -------------------- ---------- ---------- ---------- ---------- --------\n" + "\n".join(rows) + "\n```")


def pl_ack():
    return pick([
        f"Acknowledgement für das Paper: „Gefördert durch die Deutsche Forschungsgemeinschaft (DFG) – Projektnummer {ri(400000000, 539999999)}. "
        f"Rechenzeit auf dem Cluster {pick(CLUSTERS).capitalize()} (Projekt {pick(['p_klima', 'hpc-ke-01', 'tez_2025'])})."
        f"“ Bitte nicht die Nummer {ri(400000000, 539999999)} vom alten Antrag nehmen.",
        f"Teşekkür metni: \"Bu çalışma TÜBİTAK tarafından {ri(119, 124)}{pick('EZMROS')}{ri(100, 999)} numaralı proje kapsamında desteklenmiştir. "
        f"Hesaplamalar TRUBA kaynaklarında gerçekleştirilmiştir.\"",
        f"Shukrani: Kazi hii ilifadhiliwa na {grant()} pamoja na {grant()}. Hesabu zilifanyika kwenye cluster ya {pick(CLUSTERS)}.",
        f"Funding line for the report: {grant()}; {grant()}; compute allocation {pick(['PRACE', 'EuroHPC', 'NHR'])}-{ri(2023, 2025)}{ri(100, 999)}.",
    ])


def pl_data_avail():
    return (pick(["Data availability (Entwurf):", "Veri erişilebilirliği:", "Upatikanaji wa data:", "Data availability:"]) +
            f" Rohdaten unter {accession()} und {accession()}, prozessierte Daten: https://doi.org/{doi()}; Code: https://doi.org/{doi()}.")


def pl_quota():
    used = R.uniform(0.2, 9.8)
    return (f"```\n$ lfs quota -h -u $USER /scratch\nDisk quotas for usr $USER (uid {ri(10000, 99999)}):\n"
            f"     Filesystem    used   quota   limit   grace   files   quota   limit   grace\n"
            f"       /scratch  {used:.3f}T     10T     12T       -  {ri(100000, 3999999)}  4000000 5000000       -\n```\n" +
            pick(["Inodes fast voll — bitte kleine Dateien zu tar packen.", "inode kotası dolmak üzere, küçük dosyaları tar'layın.",
                  "Inodes karibu zimejaa.", "inode quota nearly full"]))


def pl_budget():
    rows = [f"| {pick(['GPU-Knoten (4x H100)', 'Speichererweiterung 2 PB', 'Wartungsvertrag', 'Cloud-Credits', 'Sunucu odası klima', 'UPS betri'])} | {money()} | {pick(['bestellt', 'sipariş edildi', 'imeagizwa', 'offen'])} |"
            for _ in range(ri(3, 5))]
    return ("| Posten / Kalem / Kipengele | Betrag / Tutar / Kiasi | Status |\n|---|---:|---|\n" + "\n".join(rows) +
            f"\nBestellnr. {ri(4500000000, 4509999999)}, Kostenstelle {ri(1000, 9999)}")


def pl_timestamps():
    e = epoch()
    return (pick(["Slack-Export, die ts-Werte sind nur Zeitstempel:", "Slack export'undaki ts değerleri zaman damgası:",
                  "ts ni muda tu:", "these are just Slack timestamps:"]) +
            f"\n```\n\"ts\": \"{e}.{ri(100000, 999999)}\", \"thread_ts\": \"{e - ri(10, 9999)}.{ri(100000, 999999)}\"\nslurm SubmitTime epoch {e - ri(100, 99999)}, StartTime {e}\n```")


def pl_versions():
    return (pick(["Nach der Wartung am", "Bakım sonrası", "Baada ya matengenezo tarehe", "after maintenance on"]) + f" {de_date()}:\n"
            f"- Slurm {pick(['23.11.7', '24.05.3', '24.11.1'])}\n- NVIDIA-Treiber {pick(['550.54.15', '550.90.07', '560.35.03'])}, CUDA {pick(['12.4.1', '12.6.2'])}\n"
            f"- Kernel 4.18.0-{ri(500, 553)}.{ri(1, 40)}.1.el8_{ri(8, 10)}\n- Lustre {pick(['2.15.4', '2.15.5'])}, GPFS {pick(['5.1.9', '5.2.0'])}\n"
            f"- JupyterHub {pick(['4.1.5', '5.0.0'])}, OnDemand {pick(['3.1.7', '4.0.0'])}")


def pl_network():
    return (pick(["Netzplan (nur intern):", "Ağ planı (iç ağ):", "Mpango wa mtandao (ndani):", "internal network plan:"]) +
            f"\n```\nmgmt      10.{ri(0, 50)}.0.0/16   vlan {ri(10, 99)}\nipoib     10.{ri(51, 99)}.0.0/16   ib0\nbmc       172.{ri(16, 31)}.{ri(0, 9)}.0/24\n"
            f"storage   192.168.{ri(100, 200)}.0/23\ngateway   {priv_ip()}\n```")


def pl_tickets():
    d = f"2025{ri(1, 12):02d}{ri(1, 28):02d}"
    return pick([
        f"Ticket#{d}{ri(10000000, 99999999)} (OTRS) ist das gleiche Problem wie RT #{ri(10000, 99999)}.",
        f"Talep no {d}{ri(10000000, 99999999)} açıldı, SLA {ri(4, 48)} saat.",
        f"Tiketi INC{ri(1000000, 9999999):07d} imefungwa; ona pia RITM{ri(1000000, 9999999):07d}.",
        f"vendor case {ri(10000000, 99999999)}, RMA {ri(100000, 999999)} for {node()}",
    ])


def pl_allocation():
    return pick([
        f"Bewilligt: {ri(1, 9)}.{ri(100, 999)}.{ri(100, 999)} CPU-h und {ri(10, 99)}.{ri(100, 999)} GPU-h für {ri(2025, 2026)}, Projekt {pick(['p_klima', 'ag_bio'])}.",
        f"Tahsis: {ri(1, 9)} {ri(100, 999)} {ri(100, 999)} çekirdek-saat, {ri(10, 99)} {ri(100, 999)} GPU-saat.",
        f"Mgao: saa {ri(100, 999)},{ri(100, 999)} za CPU na {ri(1, 99)},{ri(100, 999)} za GPU kwa mwaka {ri(2025, 2026)}.",
    ])


def pl_isbn():
    return (pick(["Literatur für den HPC-Kurs:", "Ders kitapları:", "Vitabu vya kozi:", "reading list:"]) +
            "\n" + "\n".join(f"- ISBN {isbn13()}" for _ in range(ri(2, 4))))


def pl_illumina():
    d = f"{ri(24, 25)}{ri(1, 12):02d}{ri(1, 28):02d}"
    return (f"Run-Ordner: `{d}_A0{ri(1000, 9999)}_{ri(100, 999):04d}_{pick(['A', 'B'])}H{rs(UP + DIG, 5)}DSX{ri(2, 7)}` — "
            f"Samplesheet hat {ri(24, 384)} Proben, Barcodes KE-{pick(['KIS', 'KIL', 'NRB', 'MSA'])}-{ri(1, 999):04d}-{pick('ABCD')} usw.")


def pl_weather():
    return pick([
        f"WMO-Station {pick(['63741', '63740', '63820', '17130', '17060', '10513'])} ({pick(['Dagoretti', 'JKIA', 'Mombasa', 'Ankara', 'İstanbul', 'Köln/Bonn'])}), "
        f"Koordinaten {R.uniform(-4.5, 41.5):.4f}, {R.uniform(6.5, 40.5):.4f}, Höhe {ri(5, 1800)} m.",
        f"DWD-Station {ri(1000, 15999):05d}, Zeitraum {de_date()}–{de_date()}, {ri(10000, 99999)} Messwerte.",
        f"Kituo cha hali ya hewa {ri(60000, 69999)}: latitudo -{R.uniform(0.1, 4.5):.4f}, longitudo {R.uniform(34, 41):.4f}.",
    ])


def pl_course():
    return pick([
        f"Prüfung HPC-Praktikum: {de_date()}, Raum INF {ri(200, 370)} / {ri(1, 3)}.{ri(100, 450)}, Modulnummer {ri(1000, 9999)}, {ri(10, 90)} Anmeldungen.",
        f"CENG {ri(300, 599)} final sınavı {ri(1, 28)} {pick(['Ocak', 'Haziran', 'Ocak'])} 2025, salon BMB-{ri(1, 9)}, kontenjan {ri(20, 120)}.",
        f"Mtihani wa SCO {ri(300, 499)}: tarehe {ri(1, 28)} {pick(['Machi', 'Aprili', 'Julai'])} 2025, ukumbi {pick(['LT', 'ICT'])}{ri(1, 20)}, wanafunzi {ri(20, 200)}.",
    ])


def pl_orcid():
    ids = [orcid_random() for _ in range(ri(2, 3))]
    return pick([
        "Für das DFG-Formular nur die ORCID iDs (Format prüfen, Prüfziffer ISO 7064): " + ", ".join(ids) + ". Die Test-ID aus der ORCID-Doku ist 0000-0002-1825-0097.",
        "Metadata dosyası:\n```json\n" + json.dumps({"creators": [{"orcid": i, "affiliation": pick(UNIS_TR + UNIS_DE)} for i in ids]}, indent=2, ensure_ascii=False) + "\n```",
        "ORCID za waandishi: " + "; ".join(ids) + " (zinaonekana kama namba za kadi lakini ni ORCID).",
    ])


def pl_purchase():
    rows = [f"{ri(4500000000, 4509999999)};{pick(['H100 SXM5', 'A100 80GB', 'ConnectX-7', 'NVMe 7.68TB'])};{ri(1, 16)};{rs(UP + DIG, 7)};{de_date()}"
            for _ in range(ri(3, 6))]
    return "```\nBestellnr;Artikel;Menge;Service-Tag;Lieferdatum\n" + "\n".join(rows) + "\n```"


def pl_ib_guid():
    rows = [f"{node()}  mlx5_{ri(0, 3)}  0x{hx(16)}  lid {ri(1, 2000)}  {':'.join(hx(2) for _ in range(6))}" for _ in range(ri(3, 5))]
    return "IB-GUIDs und MACs für die Inventur / envanter / orodha:\n```\n" + "\n".join(rows) + "\n```"


def pl_ports():
    return pick([
        "Firewall intern: slurmctld 6817, slurmd 6818, slurmdbd 6819, JupyterHub 8000/8081, OnDemand 443, Grafana 3000.",
        f"Açık portlar: 22, 443, 6817-6819, 8000, 8081, {ri(30000, 32767)} (NodePort).",
        f"Bandari: 22, 443, 9100 (node_exporter), 9090, {ri(60001, 63000)}-{ri(63001, 65000)} (srun).",
    ])


def pl_sizes():
    return pick([
        f"Projektverzeichnis: {ri(10, 999)} {ri(100, 999)} {ri(100, 999)} {ri(100, 999)} Bytes, {ri(1, 9)}.{ri(100, 999)}.{ri(100, 999)} Dateien.",
        f"Toplam: {ri(1, 99)}.{ri(100, 999)}.{ri(100, 999)}.{ri(100, 999)} bayt, {ri(100, 999)}.{ri(100, 999)} dosya.",
        f"Jumla: baiti {ri(1, 99)},{ri(100, 999)},{ri(100, 999)},{ri(100, 999)}; faili {ri(10, 999)},{ri(100, 999)}.",
    ])


def pl_mpesa():
    return (f"Malipo ya warsha yamepokelewa: M-Pesa ref {rs(UP, 3)}{rs(UP + DIG, 7)}, Paybill {ri(100000, 999999)}, akaunti WARSHA{ri(2024, 2025)}, "
            f"kiasi {money()}.")


def pl_invoice_tr():
    return (f"e-Fatura no: {rs(UP, 3)}{ri(2024, 2025)}{ri(1, 999999999):09d}, tarih {ri(1, 28):02d}.{ri(1, 12):02d}.2025, tutar {money()}, "
            f"sipariş no {ri(100000000, 999999999)}.")


def pl_array():
    j = jobid()
    return (f"Array-Job {j}_[0-{ri(99, 999)}%{ri(5, 50)}] — Task {j}_{ri(0, 99)} hing auf {node()}, alle anderen ok. "
            f"Resubmit als {int(j) + ri(1, 999)}.")


def pl_matrikel():
    return pick([
        f"Kurs-Accounts: {ri(20, 60)} Studierende, Kennungen hpc-kurs-001 … hpc-kurs-{ri(20, 60):03d}, gültig bis {de_date()}.",
        f"Öğrenci hesapları ders{ri(1, 9)}-01 … ders{ri(1, 9)}-{ri(20, 60)}, son geçerlilik {de_date()}.",
        f"Akaunti za wanafunzi: warsha-01 hadi warsha-{ri(20, 60)}, zinaisha {de_date()}.",
    ])


def pl_arxiv():
    return (f"Preprint: arXiv:{ri(22, 25)}{ri(1, 12):02d}.{ri(10000, 29999)}v{ri(1, 4)} — " +
            pick(["eingereicht bei", "gönderildi:", "imetumwa kwa", "submitted to"]) + f" {pick(['SC25', 'ISC 2025', 'PEARC25', 'Euro-Par 2025'])}, Paper-ID {ri(100, 999)}.")


PII_LOOKALIKE = [pl_sacct, pl_ack, pl_data_avail, pl_quota, pl_budget, pl_timestamps, pl_versions, pl_network, pl_tickets,
                 pl_allocation, pl_isbn, pl_illumina, pl_weather, pl_course, pl_orcid, pl_purchase, pl_ib_guid, pl_ports,
                 pl_sizes, pl_mpesa, pl_invoice_tr, pl_array, pl_matrikel, pl_arxiv]


# ----------------------------------------------------------------------------
# NEGATIVES: talk_about_secrets
# ----------------------------------------------------------------------------
TALK = {
    "de": [
        "Bitte keine Passwörter in den Channel posten, auch nicht „nur kurz“ — wir müssen sie sonst alle rotieren.",
        "Das LDAP-Passwort läuft nach 180 Tagen ab, die Erinnerung kommt 14 Tage vorher per Mail.",
        "Wer seinen privaten SSH-Schlüssel verloren hat: neuen erzeugen und den öffentlichen Teil im Portal hochladen, nicht den privaten.",
        "Der MUNGE-Key wurde heute auf allen Knoten getauscht, laufende Jobs sind davon nicht betroffen.",
        "GitHub hat unseren Token automatisch widerrufen, weil er in einem öffentlichen Repo gelandet ist. Neuer liegt im Vault.",
        "Jupyter-Tokens stehen im Job-Log — das Log ist nur für euch lesbar, aber bitte nicht in Tickets kopieren.",
        "Für die Reisekostenerstattung braucht die Verwaltung eure IBAN, die gebt ihr bitte direkt im SAP-Portal ein, nicht hier.",
        "Die Kreditkarte des Lehrstuhls wird nur noch über die Beschaffung genutzt, niemand bekommt die Nummer per Chat.",
        "Telefonnummern der Rufbereitschaft stehen im internen Wiki, nicht im öffentlichen Kanal.",
        "Der OpenAI-Key fürs Projekt wird pro Person ausgegeben, damit wir die Kosten zuordnen können.",
        "Wenn ein AWS-Key geleakt ist: sofort deaktivieren, dann CloudTrail prüfen, dann neuen erstellen.",
        "Zwei-Faktor auf den Login-Knoten kommt ab dem Wintersemester, TOTP-App reicht.",
        "Der Slack-Bot für die Job-Benachrichtigungen hat ein neues Token, alte Webhooks sind abgeschaltet.",
        "Private Keys mit Passphrase, bitte — ohne Passphrase lehnt der Login-Knoten sie ab Januar ab.",
        "Die E-Mail-Adressen der Kursteilnehmer exportieren wir nicht aus Moodle, das läuft über die Verteilerliste.",
    ],
    "tr": [
        "Şifrelerinizi kanala yazmayın lütfen, yazarsanız hepsini değiştirmemiz gerekiyor.",
        "LDAP şifresi 180 günde bir sona eriyor, 14 gün önceden e-posta ile hatırlatma geliyor.",
        "Özel SSH anahtarınızı kimseyle paylaşmayın; portala sadece açık anahtarı (.pub) yükleyin.",
        "MUNGE anahtarı bugün tüm node'larda yenilendi, çalışan işler etkilenmedi.",
        "GitHub token'ımız herkese açık bir repoya düştüğü için otomatik iptal edildi, yenisi Vault'ta.",
        "Jupyter token'ı iş log'unda yazıyor; log sadece size açık ama ticket'a kopyalamayın.",
        "Burs ödemesi için IBAN'ınızı doğrudan öğrenci işleri sistemine girin, Slack'e değil.",
        "Bölüm kredi kartı numarası chat'te paylaşılmaz, satın alma birimi üzerinden ödeme yapılıyor.",
        "Nöbetçi telefon numaraları iç wiki'de, genel kanala yazmıyoruz.",
        "OpenAI anahtarı kişi başı veriliyor ki maliyetleri projelere dağıtabilelim.",
        "Bir AWS anahtarı sızarsa: hemen devre dışı bırakın, CloudTrail'e bakın, sonra yenisini oluşturun.",
        "Login node'larda iki aşamalı doğrulama güz döneminden itibaren zorunlu olacak.",
        "Anahtarınıza passphrase koyun; passphrase'siz anahtarlar Ocak'tan itibaren reddedilecek.",
        "Ders katılımcılarının e-posta adreslerini dışa aktarmıyoruz, duyurular liste üzerinden gidiyor.",
        "Tez verisinde TC kimlik numarası gibi kişisel veriler varsa kümeye yüklemeden önce anonimleştirin.",
    ],
    "sw": [
        "Tafadhali msiweke nenosiri kwenye channel hii, tutalazimika kuyabadilisha yote.",
        "Nenosiri la LDAP linaisha baada ya siku 180, utapokea ukumbusho siku 14 kabla.",
        "Usishiriki ufunguo wako binafsi wa SSH na mtu yeyote; pakia ufunguo wa umma (.pub) pekee kwenye portal.",
        "Ufunguo wa MUNGE umebadilishwa leo kwenye nodi zote, kazi zinazoendelea hazijaathirika.",
        "GitHub ilibatilisha token yetu kwa sababu ilionekana kwenye repo ya umma. Mpya iko kwenye Vault.",
        "Token ya Jupyter iko kwenye log ya kazi yako — usiinakili kwenye tiketi.",
        "Kwa malipo ya posho, ingiza IBAN au namba ya akaunti moja kwa moja kwenye mfumo wa fedha, si hapa.",
        "Namba ya kadi ya idara haitumwi kwenye chat; malipo yote yanapitia ofisi ya ununuzi.",
        "Namba za simu za zamu ziko kwenye wiki ya ndani, si kwenye channel ya umma.",
        "Funguo za API za OpenAI zinatolewa kwa kila mtu ili tuweze kugawa gharama.",
        "Ikiwa ufunguo wa AWS umevuja: uzime mara moja, angalia CloudTrail, kisha unda mpya.",
        "Uthibitishaji wa hatua mbili utaanza kwenye login nodes muhula ujao.",
        "Weka passphrase kwenye ufunguo wako; funguo bila passphrase zitakataliwa kuanzia Januari.",
        "Hatutoi barua pepe za washiriki wa warsha; matangazo yanapitia orodha ya barua.",
        "Data za utafiti zenye namba za vitambulisho vya wagonjwa lazima zifichwe kabla ya kupakiwa kwenye cluster.",
    ],
    "en": [
        "please don't paste passwords here, even temporary ones — we'd have to rotate all of them.",
        "the cluster password expires every 180 days; the reminder mail goes out 14 days before.",
        "never share your private SSH key; upload only the .pub part in the portal.",
        "we rotated the munge key on all nodes today, running jobs were not affected.",
        "GitHub revoked our token automatically because it ended up in a public repo; the new one is in Vault.",
        "the Jupyter token is printed in your job log — fine, but don't copy that log into tickets.",
        "finance needs your IBAN for the travel refund; enter it in the portal, not in Slack.",
        "the group credit card number is never shared in chat, purchasing handles all payments.",
        "on-call phone numbers live in the internal wiki, not in public channels.",
        "OpenAI keys are issued per person so we can attribute the cost to projects.",
        "if an AWS key leaks: deactivate it, check CloudTrail, then create a new one.",
        "2FA on the login nodes becomes mandatory next semester.",
        "the Slack bot that posts job notifications got a new token; old webhooks are gone.",
        "US collaborators: payroll never needs your SSN via Slack, use the secure upload link.",
        "student emails are not exported from the LMS; we use the mailing list.",
    ],
}
MIXED_TALK = [
    "Hocam, das Passwort-Reset-Formular geht wieder, şifrenizi oradan sıfırlayabilirsiniz.",
    "Jamani, GitHub token imebatilishwa — der neue liegt im Vault, msiiweke hapa.",
    "Kurz: der private key gehört NICHT ins Ticket, sadece .pub dosyası, asante.",
    "IBAN'ınızı buraya yazmayın, bitte direkt ins Portal — tafadhali.",
    "the MUNGE key rotation is done, tüm node'lar yeni anahtarı kullanıyor, imekamilika.",
    "Hatua: key imevuja → disable in IAM → CloudTrail prüfen → neuen Key anlegen.",
    "Lütfen OpenAI key'inizi notebook'a gömmeyin, nutzt `%env` aus der Datei ~/.config/openai.env.",
    "Simu ya zamu iko kwenye wiki, Telefonnummern bitte nicht in öffentliche Channels.",
]
ALL_TALK_LANGS = ["de", "tr", "sw", "en"]


def ta_single():
    if chance(0.25):
        return pick(MIXED_TALK)
    return pick(TALK[pick(ALL_TALK_LANGS)])


def ta_pair():
    a, b = R.sample(ALL_TALK_LANGS, 2)
    return pick(TALK[a]) + " " + pick(TALK[b])


def ta_incident():
    lang = pick(ALL_TALK_LANGS)
    head = {"de": "*Incident-Zusammenfassung*", "tr": "*Olay özeti*", "sw": "*Muhtasari wa tukio*", "en": "*Incident summary*"}[lang]
    return (f"{head} ({de_date()})\n" + "\n".join("• " + s for s in R.sample(TALK[lang], ri(3, 5))) +
            f"\nTicket: INC{ri(1000000, 9999999):07d}")


def ta_faq():
    q = pick([
        ("Q: Darf ich mein Cluster-Passwort im Notebook speichern?", "A: Nein. Nutzt SSH-Keys mit Passphrase oder den Hub-Login."),
        ("S: Jupyter token'ımı paylaşabilir miyim?", "C: Hayır, token oturumunuza erişim verir. Ortak çalışma için paylaşımlı proje dizini kullanın."),
        ("Swali: Nifanye nini nikipoteza ufunguo wangu wa SSH?", "Jibu: Unda mpya na upakie ufunguo wa umma kwenye portal; wa zamani utafutwa."),
        ("Q: can I put the AWS key in the sbatch script?", "A: no — use the credentials file with mode 600, or better the instance role."),
        ("F: Wie bekomme ich einen HF-Token für gated models?", "A: Selbst auf huggingface.co erstellen, in `~/.cache/huggingface/token` ablegen, nie ins Repo."),
    ])
    return "\n".join(q)


def ta_quote_reply():
    q = pick(TALK[pick(ALL_TALK_LANGS)])
    return f"> {q}\n" + pick(["+1, danke!", "katılıyorum, teşekkürler", "sawa, nimeelewa", "agreed — thanks", "Genau. Und bitte auch nicht per DM."])


def ta_sync_notes():
    return (f"*Security-Sync {de_date()}* / Güvenlik toplantısı / Mkutano wa usalama\n"
            + "\n".join(f"{i + 1}. {s}" for i, s in enumerate([pick(TALK['de']), pick(TALK['tr']), pick(TALK['sw']), pick(MIXED_TALK)][:ri(3, 4)])))


def ta_regex():
    return pick([
        "Unser pre-commit-Hook sucht nach `AKIA`-Präfixen, `-----BEGIN … PRIVATE KEY-----`-Zeilen und `xoxb-`/`ghp_`-Präfixen. "
        "False Positives gibt's bei Base64-Plots in Notebooks, deshalb nbstripout vorher.",
        "gitleaks raporu 3 bulgu gösteriyor ama hepsi test fixture'ı: `sk-...` yer tutucuları ve `AKIAIOSFODNN7EXAMPLE`. Gerçek sızıntı yok.",
        "trufflehog ilipata 'high entropy strings' 12 — zote ni sha256 za conda packages, si funguo.",
        "The secret scanner flags 64-char hex (sha256 of our datasets) as 'generic API key'. We allowlisted `*.sha256` files.",
    ])


def ta_vault_err():
    sec = pick(['grafana', 'xdmod', 'slurmdbd', 'ondemand'])
    return (f"```\nError reading secret/data/hpc/{sec}: Error making API request.\n\n"
            f"URL: GET https://vault.{pick(CLUSTERS)}.internal:8200/v1/secret/data/hpc/{sec}\nCode: 403. Errors:\n\n* permission denied\n```\n" +
            pick(["Policy fehlt für die neue Rolle — kein Secret betroffen.", "Yeni rol için policy eksik.", "Policy haipo kwa role mpya.", "missing policy for the new role"]))


def ta_onboarding():
    return pick([
        "Onboarding-Checkliste:\n1. Account im Portal beantragen\n2. SSH-Key (ed25519, mit Passphrase) erzeugen, nur den öffentlichen Teil hochladen\n"
        "3. 2FA einrichten\n4. Niemals Passwörter oder Tokens in Slack, Tickets oder Notebooks",
        "Yeni gelenler için:\n- Hesap formu (danışman onayı gerekli)\n- SSH anahtarı oluştur, sadece .pub'ı yükle\n- Şifreleri ve token'ları kimseyle paylaşma\n- Kota: /home 50 GB, /scratch 10 TB",
        "Kwa wanaoanza:\n- Omba akaunti kupitia portal\n- Tengeneza ufunguo wa SSH, pakia wa umma tu\n- Usishiriki nenosiri wala token\n- Tumia `/scratch` kwa data kubwa",
    ])


TALK_SECRETS = [ta_single, ta_pair, ta_incident, ta_faq, ta_quote_reply, ta_sync_notes, ta_regex, ta_vault_err, ta_onboarding]

NEG_CATS = [
    ("data_uri_base64", DATA_URI),
    ("placeholder_example", PLACEHOLDER),
    ("code_identifier", CODE_IDENT),
    ("non_credential_blob", NONCRED_BLOB),
    ("pii_lookalike_number", PII_LOOKALIKE),
    ("talk_about_secrets", TALK_SECRETS),
]


def build_negatives(per_cat=100):
    out, seen = [], set()
    redraws = {}
    for cat, temps in NEG_CATS:
        order = []
        got = 0
        tries = 0
        while got < per_cat:
            if not order:
                order = list(range(len(temps)))
                R.shuffle(order)
            ti = order.pop()
            tries += 1
            assert tries < per_cat * 60, cat
            t = lead(temps[ti]())
            if scan(t):
                redraws[cat] = redraws.get(cat, 0) + 1
                continue
            if t in seen:
                continue
            seen.add(t)
            out.append({"text": t, "category": cat})
            got += 1
    return out, redraws


# ----------------------------------------------------------------------------
# POSITIVES: value generators (fake but well-formed)
# ----------------------------------------------------------------------------
DE_NAMES = ["Jonas Becker", "Lena Hoffmann", "Felix Schröder", "Katharina Wagner", "Maximilian Braun", "Sophie Krüger",
            "Tobias Neumann", "Anna Lehmann"]
TR_NAMES = ["Ayşe Yılmaz", "Mehmet Demir", "Zeynep Kaya", "Emre Çelik", "Elif Şahin", "Burak Aydın", "Merve Öztürk", "Can Arslan"]
KE_NAMES = ["Wanjiru Kamau", "Otieno Odhiambo", "Achieng Ouma", "Kiprono Rotich", "Njeri Mwangi", "Mutua Kioko",
            "Amina Hassan", "Chebet Langat"]
US_NAMES = ["Emily Carter", "Michael Brooks", "Sarah Nguyen", "David Ramirez"]
FOLD = str.maketrans({"ş": "s", "ı": "i", "ç": "c", "ğ": "g", "ö": "o", "ü": "u", "Ş": "S", "İ": "I", "Ç": "C", "Ö": "O", "Ü": "U"})
FOLD_DE = str.maketrans({"ö": "oe", "ü": "ue", "ä": "ae", "ß": "ss"})
EMAIL_DOM = {"DE": ["uni-heidelberg.de", "tu-dresden.de", "kit.edu", "uni-goettingen.de", "tum.de", "rwth-aachen.de", "stud.uni-heidelberg.de", "web.de", "gmx.de"],
             "TR": ["metu.edu.tr", "boun.edu.tr", "itu.edu.tr", "hacettepe.edu.tr", "ogr.ege.edu.tr", "gmail.com", "hotmail.com"],
             "KE": ["uonbi.ac.ke", "students.uonbi.ac.ke", "jkuat.ac.ke", "strathmore.edu", "ku.ac.ke", "kemri.go.ke", "gmail.com", "yahoo.com"],
             "US": ["gmail.com", "umich.edu", "wisc.edu", "ucdavis.edu"]}


def person(c=None):
    c = c or pick(["DE", "TR", "KE"])
    return c, pick({"DE": DE_NAMES, "TR": TR_NAMES, "KE": KE_NAMES, "US": US_NAMES}[c])


def email_for(c, name):
    first, last = name.split()[0], name.split()[-1]
    f = first.lower().translate(FOLD_DE if c == "DE" else FOLD)
    l_ = last.lower().translate(FOLD_DE if c == "DE" else FOLD)
    local = pick([f"{f}.{l_}", f"{f[0]}.{l_}", f"{f}{l_}{ri(1, 99)}", f"{l_}.{f}", f"{f}.{l_}"])
    return f"{local}@{pick(EMAIL_DOM[c])}"


DE_MOB8 = ["151", "152", "157", "176", "177", "178", "179", "160"]
DE_MOB7 = ["170", "171", "172", "173", "174", "175", "162", "163"]
DE_LAND = [("6221", "54", 5), ("351", "463", 5), ("721", "608", 5), ("551", "39", 5), ("30", "838", 5), ("89", "289", 5),
           ("241", "80", 5), ("228", "73", 4)]
TR_MOB = ["505", "506", "507", "530", "531", "532", "533", "534", "535", "536", "537", "538", "539", "541", "542", "543",
          "544", "545", "546", "549", "551", "552", "553", "554", "555"]
TR_LAND = [("312", "210"), ("312", "297"), ("212", "359"), ("212", "285"), ("232", "311"), ("216", "483")]
KE_MOB = ["701", "702", "704", "705", "706", "707", "708", "710", "711", "712", "713", "714", "715", "716", "717", "718",
          "719", "720", "721", "722", "723", "724", "725", "726", "727", "728", "729", "733", "734", "735", "736", "737",
          "738", "739", "740", "741", "742", "743", "745", "746", "748", "750", "751", "752", "753", "754", "755", "756",
          "757", "758", "759", "768", "769", "780", "781", "782", "785", "786", "787", "788", "789", "790", "791", "792",
          "793", "794", "795", "796", "797", "798", "799", "110", "111", "112", "113", "114", "115"]
KE_LAND = [("20", "491"), ("20", "870"), ("20", "271"), ("67", "587")]


def dg(n):
    return "".join(pick(DIG) for _ in range(n)) if n else ""


def dg1(n):
    return str(ri(1, 9)) + dg(n - 1)


def phone(c=None, kind=None):
    c = c or pick(["DE", "TR", "KE"])
    mobile = (kind == "mobile") if kind else chance(0.55)
    if c == "DE":
        if mobile:
            if chance(0.6):
                p, sub = pick(DE_MOB8), dg1(8)
            else:
                p, sub = pick(DE_MOB7), dg1(7)
            return pick([f"0{p} {sub}", f"+49 {p} {sub}", f"+49 (0){p} {sub[:4]} {sub[4:]}", f"0{p}/{sub}", f"0{p}-{sub}",
                         f"+49{p}{sub}"])
        ac, pf, n = pick(DE_LAND)
        ext = dg1(n)
        return pick([f"+49 {ac} {pf}-{ext}", f"0{ac} {pf}-{ext}", f"+49 (0){ac} {pf} {ext}", f"0{ac}/{pf}{ext}", f"+49 {ac} {pf}{ext}"])
    if c == "TR":
        if mobile:
            p = pick(TR_MOB)
            a, b, d = dg1(3), dg(2), dg(2)
            return pick([f"0{p} {a} {b} {d}", f"+90 {p} {a} {b} {d}", f"0 ({p}) {a} {b} {d}", f"0{p}{a}{b}{d}", f"+90 ({p}) {a}-{b}{d}",
                         f"0{p} {a} {b}{d}"])
        ac, pf = pick(TR_LAND)
        a, b = dg(2), dg(2)
        return pick([f"0 ({ac}) {pf} {a} {b}", f"+90 {ac} {pf} {a} {b}", f"(0{ac}) {pf} {a} {b}", f"+90 ({ac}) {pf}{a}{b}"])
    if mobile:
        p, sub = pick(KE_MOB), dg(6)
        return pick([f"+254 {p} {sub[:3]} {sub[3:]}", f"0{p} {sub}", f"0{p}-{sub[:3]}-{sub[3:]}", f"+254{p}{sub}", f"(+254) {p} {sub}",
                     f"0{p} {sub[:3]} {sub[3:]}"])
    ac, pf = pick(KE_LAND)
    s4 = dg(4)
    return pick([f"+254 {ac} {pf} {s4}", f"0{ac} {pf} {s4}", f"(0{ac}) {pf}{s4}", f"+254 ({ac}) {pf}-{s4}"])


def card(net=None):
    net = net or pick(["visa", "mc", "amex", "troy", "discover", "visa", "mc"])
    if net == "visa":
        pre, ln = "4", 16
    elif net == "mc":
        pre, ln = pick([str(ri(51, 55)), str(ri(2221, 2720))]), 16
    elif net == "amex":
        pre, ln = pick(["34", "37"]), 15
    elif net == "troy":
        pre, ln = "9792", 16
    else:
        pre, ln = pick(["6011", "65"]), 16
    num = luhn_complete(pre + dg(ln - len(pre) - 1))
    if ln == 15:
        return pick([num, f"{num[:4]} {num[4:10]} {num[10:]}", f"{num[:4]}-{num[4:10]}-{num[10:]}"])
    g = wrap(num, 4)
    return pick([num, " ".join(g), "-".join(g), " ".join(g)])


def iban(c=None, grouped=None):
    c = c or pick(["DE", "DE", "TR", "TR", "AT", "NL", "CH"])
    if c == "DE":
        bban = dg1(8) + dg(10)
    elif c == "TR":
        bban = pick(["00010", "00012", "00015", "00046", "00062", "00064", "00067", "00111"]) + "0" + dg(16)
    elif c == "AT":
        bban = dg1(5) + dg(11)
    elif c == "NL":
        bban = pick(["ABNA", "INGB", "RABO", "TRIO"]) + dg(10)
    else:
        bban = dg(5) + dg(12)
    s = bban + c + "00"
    num = int("".join(str(int(ch, 36)) for ch in s))
    full = f"{c}{98 - num % 97:02d}{bban}"
    assert iban_mod97(full)
    grouped = chance(0.6) if grouped is None else grouped
    return " ".join(wrap(full, 4)) if grouped else full


def ssn():
    area = pick([ri(1, 665), ri(667, 899)])
    return pick(["{:03d}-{:02d}-{:04d}"]).format(area, ri(1, 99), ri(1, 9999))


def public_ip():
    while True:
        ip = f"{ri(1, 223)}.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
        if ipv4_public(ip) and not ip.startswith("100."):
            return ip


PW_WORDS = ["Kilimanjaro", "Bosphorus", "Neckar", "Simba", "Anadolu", "Kahve", "Nyota", "Zugspitze", "Ankara", "Nairobi",
            "Sommer", "Kasim", "Jumatatu", "Heidelberg", "Galata", "Mombasa", "Elbe", "Turkuaz", "Twiga", "Tembo"]


def password():
    k = ri(0, 3)
    if k == 0:
        return f"{pick(PW_WORDS)}{pick(['#', '!', '@', '_', '.', '%', '&'])}{ri(10, 2026)}"
    if k == 1:
        return f"{pick(PW_WORDS)}{ri(1, 99)}{pick(PW_WORDS).lower()}{pick(['!', '?', '*', '+'])}"
    if k == 2:
        return rs(ALNUM + "!#%&*+-=?_", ri(12, 20))
    return rs(ALNUM, ri(16, 28))


def aws_key_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(B32, 16)


def aws_secret():
    return rs(ALNUM + "/+", 40)


def b62enc(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def gh_classic():
    body = rs(ALNUM, 30)
    return "ghp_" + body + b62enc(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def gh_fine():
    return "github_pat_11" + rs(UP + DIG, 20) + "_" + rs(ALNUM, 59)


def slack_bot():
    return f"xoxb-{dg1(ri(10, 13))}-{dg1(13)}-{rs(ALNUM, 24)}"


def slack_user():
    return f"xoxp-{dg1(ri(10, 12))}-{dg1(ri(10, 13))}-{dg1(13)}-{hx(32)}"


def openai_key():
    k = ri(0, 2)
    if k == 0:
        return "sk-proj-" + rs(URLSAFE, 74) + "T3BlbkFJ" + rs(URLSAFE, 74)
    if k == 1:
        return "sk-" + rs(ALNUM, 20) + "T3BlbkFJ" + rs(ALNUM, 20)
    return "sk-svcacct-" + rs(URLSAFE, 74) + "T3BlbkFJ" + rs(URLSAFE, 74)


def anthropic_key():
    return "sk-ant-api03-" + rs(URLSAFE, 93) + "AA"


def jwt():
    now = ri(1_740_000_000, 1_766_000_000)
    c = pick(CLUSTERS)
    if chance(0.7):
        hdr = {"alg": "RS256", "typ": "JWT", "kid": rs(URLSAFE, 43)}
        sig = b64u(rb(256))
    else:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = b64u(rb(32))
    pl = pick([
        {"exp": now + 300, "iat": now, "jti": uuid4(), "iss": f"https://sso.{c}-hpc.de/realms/hpc", "aud": "ondemand",
         "sub": uuid4(), "typ": "Bearer", "azp": pick(["ondemand", "jupyterhub", "grafana"]), "scope": "openid profile",
         "preferred_username": rs(LOW, 2) + dg(2) + rs(LOW, 3)},
        {"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "jhub",
         "kubernetes.io/serviceaccount/service-account.name": pick(["hub", "user-scheduler", "ci-deployer"]),
         "sub": "system:serviceaccount:jhub:hub", "iat": now, "exp": now + 3600 * 24 * 365},
        {"sub": str(ri(10000, 99999)), "iat": now, "exp": now + 3600, "sun": pick(["slurmrestd", "svc_portal"]), "iss": "slurm"},
    ])
    return (b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." +
            b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig)


# ---- DER / PEM private keys (real structure, random key material)
def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int(x):
    return der(0x02, x.to_bytes((x.bit_length() + 8) // 8 or 1, "big"))


def rand_int(bits):
    return R.getrandbits(bits) | (1 << (bits - 1)) | 1


def key_rsa():
    n, d = rand_int(2048), rand_int(2047)
    p, q = rand_int(1024), rand_int(1024)
    body = b"".join([der_int(0), der_int(n), der_int(65537), der_int(d), der_int(p), der_int(q),
                     der_int(rand_int(1023)), der_int(rand_int(1023)), der_int(rand_int(1023))])
    return "RSA PRIVATE KEY", der(0x30, body), 64


def key_ec():
    priv = rb(32)
    pub = b"\x04" + rb(64)
    body = der_int(1) + der(0x04, priv) + der(0xA0, der(0x06, bytes.fromhex("2a8648ce3d030107"))) + der(0xA1, der(0x03, b"\x00" + pub))
    return "EC PRIVATE KEY", der(0x30, body), 64


def key_pkcs8_ed25519():
    return "PRIVATE KEY", bytes.fromhex("302e020100300506032b657004220420") + rb(32), 64


def sshstr(b):
    return struct.pack(">I", len(b)) + b


def key_openssh():
    pub, seed = rb(32), rb(32)
    pubblob = sshstr(b"ssh-ed25519") + sshstr(pub)
    chk = rb(4)
    comment = pick([b"hpc-login", b"laptop-2024", b"jupyter-node", b"tez-makinesi", b"kompyuta-ya-lab"])
    priv = chk + chk + sshstr(b"ssh-ed25519") + sshstr(pub) + sshstr(seed + pub) + sshstr(comment)
    i = 1
    while len(priv) % 8:
        priv += bytes([i])
        i += 1
    blob = (b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1) +
            sshstr(pubblob) + sshstr(priv))
    return "OPENSSH PRIVATE KEY", blob, 70


PEM_TYPES = [("openssh", key_openssh), ("rsa", key_rsa), ("ec", key_ec), ("pkcs8_ed25519", key_pkcs8_ed25519)]


def pem_lines(fn):
    label, blob, width = fn()
    return label, wrap(b64(blob), width)


# ----------------------------------------------------------------------------
# POSITIVES: templates.  Each returns (text, [(kind, value), ...]).
# ----------------------------------------------------------------------------
LONG_DE = ("Kurzer Überblick über die Wartung am Dienstag: Ab 8 Uhr werden alle Compute-Knoten gedrained, laufende Jobs "
           "mit Restlaufzeit über 24 h bleiben in der Queue. Wir spielen Slurm 24.05 ein, tauschen den Lustre-Client und "
           "aktualisieren die NVIDIA-Treiber. Die Login-Knoten bleiben erreichbar, JupyterHub ist ca. 2 Stunden offline. ")
LONG_TR = ("Bakım planı şöyle: Salı sabah 08:00'de tüm hesaplama node'ları drain edilecek, 24 saatten uzun süren işler kuyrukta "
           "bekleyecek. Slurm 24.05'e geçiyoruz, Lustre istemcisi ve NVIDIA sürücüleri güncellenecek. Login node'lar açık kalacak, "
           "JupyterHub yaklaşık 2 saat kapalı olacak. ")
LONG_SW = ("Ratiba ya matengenezo: Jumanne saa mbili asubuhi nodi zote za kompyuta zitasimamishwa, kazi ndefu zaidi ya saa 24 "
           "zitabaki kwenye foleni. Tunapandisha Slurm 24.05, tunasasisha Lustre na madereva ya NVIDIA. Login nodes zitabaki wazi, "
           "JupyterHub itazimwa kwa takriban saa 2. ")


def sig_block(c, name, extra):
    role = {"DE": pick(["Wissenschaftliche Mitarbeiterin, HPC-Team", "Doktorand, AG Klimamodellierung", "Research Software Engineer"]),
            "TR": pick(["Araştırma Görevlisi, Bilgisayar Mühendisliği", "Doktora öğrencisi, Biyoinformatik", "Sistem Yöneticisi, HPC Lab"]),
            "KE": pick(["Mtafiti, Kitengo cha Bioinformatics", "Research Fellow, Data Science Lab", "Msimamizi wa Mifumo, HPC"])}[c]
    uni = pick({"DE": UNIS_DE, "TR": UNIS_TR, "KE": UNIS_KE}[c])
    return f"--\n{name}\n{role}\n{uni}\n{extra}"


# ---- phone_number
def p_phone_0():
    v = phone("DE", "land")
    return f"Lab-Telefon im Raum {ri(1, 3)}.{ri(100, 450)} ist jetzt {v}, die alte Nummer geht nicht mehr.", [("phone_number", v)]


def p_phone_1():
    v = phone("TR")
    return f"Acil durumda sunucu odası için {v} numarasını arayın (7/24 nöbetçi, {pick(['Ayşe Hoca', 'Mehmet Bey', 'Zeynep Hanım'])}).", [("phone_number", v)]


def p_phone_2():
    v = phone("KE", "mobile")
    return f"Kama cluster imezimika usiku, piga simu {v} — huyo ndiye sysadmin wa zamu wiki hii.", [("phone_number", v)]


def p_phone_3():
    c, name = person()
    v = phone(c)
    lab = {"DE": "Tel.", "TR": "Tel:", "KE": "Simu:"}[c]
    return (pick(["Hier die Daten für die Gästeliste:", "Misafir listesi için:", "Kwa orodha ya wageni:"]) + "\n" +
            sig_block(c, name, f"{lab} {v}"), [("phone_number", v)])


def p_phone_4():
    v = phone(pick(["DE", "TR", "KE"]), "mobile")
    _, n1 = person()
    _, n2 = person()
    return (f"| Woche / Hafta / Wiki | Rufbereitschaft | Telefon |\n|---|---|---|\n| KW {ri(1, 26)} | {n1} | {v} |\n"
            f"| KW {ri(27, 52)} | {n2} | siehe Wiki |", [("phone_number", v)])


def p_phone_5():
    c, name = person()
    v = phone(c, "mobile")
    return (f"```\nname,rolle,telefon,partition\n{name},{pick(['Doktorand', 'HiWi', 'PostDoc', 'öğrenci', 'mwanafunzi'])},{v},{pick(PARTS)}\n```\n"
            + pick(["aus der Kursliste, bitte löschen nach dem Workshop", "ders listesinden", "kutoka orodha ya warsha"]), [("phone_number", v)])


def p_phone_6():
    v = phone("DE")
    return (f"> kann mir jemand die Nummer vom Serverraum geben? die Klima piept\n{v} — Haustechnik, {pick(['Herr', 'Frau'])} {pick(['Kraus', 'Wolf', 'Bauer'])}. "
            "Nur wenn's brennt 🔥", [("phone_number", v)])


def p_phone_7():
    v = phone(pick(["DE", "TR", "KE"]))
    return (pick([LONG_DE + "Bei Fragen während der Wartung: ", LONG_TR + "Bakım sırasında sorularınız için: ",
                  LONG_SW + "Kwa maswali wakati wa matengenezo: "]) + v, [("phone_number", v)])


def p_phone_8():
    v = phone("TR", "mobile")
    return (f"Hocam, GPU node'ları düştü, {pick(['ich bin nicht im Büro', 'ofiste değilim'])} — WhatsApp'tan yazın: {v} — asante!",
            [("phone_number", v)])


def p_phone_9():
    v = phone("KE", "land")
    return f"Nambari ya maabara ya bioinformatics ({pick(UNIS_KE)}): {v}, ext {ri(100, 999)}. Wanapokea simu saa 2–10.", [("phone_number", v)]


def p_phone_10():
    v = phone(pick(["DE", "TR", "KE"]), "mobile")
    return ("```yaml\n# alertmanager: SMS-Gateway für kritische Alerts\nreceivers:\n  - name: oncall-sms\n    webhook_configs:\n"
            f"      - url: http://sms-gw.internal:9099/send\n        http_config: {{}}\n    # oncall_phone: \"{v}\"\n```", [("phone_number", v)])


def p_phone_11():
    c, name = person("KE")
    v = phone("KE", "mobile")
    return (f"Msimamizi wa mradi wetu Kenya ni {name}. Namba yake ni {v} kama unahitaji kuthibitisha account ya mwanafunzi.",
            [("phone_number", v)])


def p_phone_12():
    v = phone("DE", "mobile")
    return (f"Ich bin ab morgen auf der ISC in Hamburg, Handy: {v}. Für Notfälle am Cluster bitte trotzdem erst ein Ticket aufmachen.",
            [("phone_number", v)])


def p_phone_13():
    v = phone("TR", "land")
    return (f"ODTÜ Bilgi İşlem HPC masası: {v} (hafta içi 09:00-17:00). Kota artırımı için önce formu doldurun.", [("phone_number", v)])


# ---- password
def p_pw_0():
    v = password()
    return (f"```ini\n# /etc/slurm/slurmdbd.conf auf dbd01\nStorageType=accounting_storage/mysql\nStorageHost=localhost\nStorageUser=slurm\n"
            f"StoragePass={v}\nStorageLoc=slurm_acct_db\n```\n" + pick(["warum startet slurmdbd nicht?", "slurmdbd neden açılmıyor?", "kwa nini haianzi?"]),
            [("password", v)])


def p_pw_1():
    v = password()
    return f"```ini\n# ~/.my.cnf für XDMoD-Import\n[client]\nuser=xdmod\npassword={v}\nhost=db.{pick(CLUSTERS)}.internal\n```", [("password", v)]


def p_pw_2():
    v = password()
    return f"Das WLAN-Passwort im Seminarraum für den HPC-Workshop ist {v} (gilt bis Semesterende).", [("password", v)]


def p_pw_3():
    v = password()
    return f"Yeni VPN şifresi: {v} — kimseyle paylaşmayın lütfen 🙏", [("password", v)]


def p_pw_4():
    v = password()
    return f"Nenosiri la akaunti ya maabara ni {v} — tafadhali libadilishe baada ya kuingia mara ya kwanza.", [("password", v)]


def p_pw_5():
    v = password()
    return (f"```ini\n[domain/uni]\nldap_uri = ldaps://ldap.{pick(CLUSTERS)}.internal\nldap_default_bind_dn = cn=sssd-bind,ou=services,dc=hpc,dc=internal\n"
            f"ldap_default_authtok = {v}\n```", [("password", v)])


def p_pw_6():
    v = rs(ALNUM + "#%+-=_", ri(12, 18))
    return f"```\nsshpass -p '{v}' ssh root@bmc-{node()} \"racadm serveraction powercycle\"\n```\nläuft bei mir nicht, bei dir?", [("password", v)]


def p_pw_7():
    v = rs(ALNUM, ri(12, 18))
    return f"```\nmysql -u root -p{v} slurm_acct_db -e \"select count(*) from nyota_job_table;\"\n```", [("password", v)]


def p_pw_8():
    v = password()
    return (f"```yaml\n# docker-compose.yml (JupyterHub DB)\nservices:\n  hub-db:\n    image: postgres:16\n    environment:\n"
            f"      POSTGRES_USER: jupyterhub\n      POSTGRES_PASSWORD: {v}\n```", [("password", v)])


def p_pw_9():
    v = rs(ALNUM, ri(10, 14))
    rows = f"| {node()} | root | {v} |"
    return (f"BMC-Zugänge nach dem Tausch / BMC erişimleri:\n| Knoten | User | Passwort |\n|---|---|---|\n{rows}\n| {node()} | root | (unverändert) |",
            [("password", v)])


def p_pw_10():
    v = password()
    return f"```python\n# jupyterhub_config.py (nur Testinstanz!)\nc.JupyterHub.authenticator_class = \"dummy\"\nc.DummyAuthenticator.password = \"{v}\"\n```", [("password", v)]


def p_pw_11():
    v = rs(ALNUM, ri(10, 16))
    return f"```\nipmitool -I lanplus -H {priv_ip()} -U ADMIN -P {v} chassis power cycle\n```", [("password", v)]


def p_pw_12():
    v = password()
    return f"Sasa, admin password ya Grafana ni {v} — nimeiweka kwa vault pia, lakini leo tu tumia hii.", [("password", v)]


def p_pw_13():
    v = password()
    return f"Kurz für die Übung: Kurs-Account `hpc-kurs-{ri(1, 40):03d}`, Passwort `{v}`, Login über jupyter.{pick(CLUSTERS)}.internal", [("password", v)]


# ---- credit_card
def p_cc_0():
    v = card(pick(["visa", "mc"]))
    return (f"Kannst du die ISC-Registrierung für {pick(DE_NAMES + KE_NAMES)} mit der Lehrstuhlkarte zahlen? {v}, gültig bis "
            f"{ri(1, 12):02d}/{ri(26, 29)}, CVC schick ich per DM.", [("credit_card", v)])


def p_cc_1():
    v = card(pick(["troy", "visa", "mc"]))
    return f"Bölümün kartı: {v} son kullanma {ri(1, 12):02d}/{ri(26, 29)} — AWS faturası için, iş bitince bana söyleyin.", [("credit_card", v)]


def p_cc_2():
    v = card(pick(["visa", "mc"]))
    return f"Tumia kadi hii kulipia Colab Pro kwa warsha: {v} exp {ri(1, 12):02d}/{ri(26, 29)}. Nitairudisha kesho.", [("credit_card", v)]


def p_cc_3():
    v = card()
    return (f"| Karte | Nummer | Ablauf |\n|---|---|---|\n| {pick(['Visa Lehrstuhl', 'Firmenkarte RZ', 'Proje kartı'])} | {v} | "
            f"{ri(1, 12):02d}/{ri(26, 29)} |\n| Amex (alt) | gesperrt | – |", [("credit_card", v)])


def p_cc_4():
    v = card()
    vq = v.replace(" ", "+")
    return (f"```\n{ts_log()} DEBUG checkout POST /register card_number={vq}&exp={ri(1, 12):02d}%2F{ri(26, 29)}&event=hpc-ke-2025\n```\n"
            "Das Anmeldeformular loggt die Kartennummer im Klartext!!", [("credit_card", vq)])


def p_cc_5():
    v = card()
    return (f"```\ndatum;zweck;betrag;karte\n{de_date()};AWS credits;{money()};{v}\n{de_date()};Zoom Pro;{money()};siehe oben\n```",
            [("credit_card", v)])


def p_cc_6():
    v = card("amex")
    return f"> Welche Karte für die OpenAI-Rechnung?\nDie Amex: {v}, läuft auf das Institut.", [("credit_card", v)]


def p_cc_7():
    v = card().replace(" ", "").replace("-", "")
    return ("```python\n# test_registration.py — aus Versehen mit echter Karte\npayload = {\"card\": {\"number\": \"" + v +
            "\", \"exp_month\": " + str(ri(1, 12)) + ", \"exp_year\": " + str(ri(2026, 2029)) + "}}\n```", [("credit_card", v)])


def p_cc_8():
    v = card(pick(["troy", "mc"]))
    return f"Kredi kartı numarası {v}, üzerinde {pick(TR_NAMES)} yazıyor; GPU siparişi için satın almaya iletilecek.", [("credit_card", v)]


def p_cc_9():
    v = card("discover")
    return f"The US partner's lab card for the shared cloud account: {v} (exp {ri(1, 12):02d}/{ri(26, 29)}), billing contact is their admin.", [("credit_card", v)]


# ---- email_address
def p_mail_0():
    c, name = person("DE")
    v = email_for(c, name)
    return f"Für die Account-Verlängerung bitte an {v} schreiben, die ist ab Montag zuständig.", [("email_address", v)]


def p_mail_1():
    c, name = person("TR")
    v = email_for(c, name)
    return f"HPC hesabı için danışman onayı lazım, {v} adresine mail atın (Konu: TRUBA proje {ri(1000, 9999)}).", [("email_address", v)]


def p_mail_2():
    c, name = person("KE")
    v = email_for(c, name)
    return f"Tuma barua pepe kwa {v} kupata data ya SRA iliyochujwa; yeye ndiye msimamizi wa dataset.", [("email_address", v)]


def p_mail_3():
    c, name = person()
    v = email_for(c, name)
    return (f"```\n{ts_log()} slurmctld: _job_complete: JobId={jobid()} done; mail sent to <{v}> (MailType=END,FAIL)\n```\n"
            "Warum geht die Mail an die private Adresse?", [("email_address", v)])


def p_mail_4():
    c, name = person()
    v = email_for(c, name)
    return f"```\n#SBATCH --mail-type=END,FAIL\n#SBATCH --mail-user={v}\n#SBATCH --account=p_{pick(['klima', 'bio', 'tez'])}\n```", [("email_address", v)]


# ---- iban
def p_iban_0():
    v = iban("DE")
    return (f"Reisekosten ISC {ri(2025, 2026)}: bitte auf mein Konto, {pick(DE_NAMES)}, IBAN {v}, Verwendungszweck RK-{ri(1000, 9999)}.",
            [("iban", v)])


def p_iban_1():
    v = iban("TR")
    return f"Burs ödemesi için IBAN: {v} (Ziraat, hesap sahibi {pick(TR_NAMES)}).", [("iban", v)]


def p_iban_2():
    v = iban("DE")
    return (f"Posho ya DAAD ilipwe kwa akaunti yangu ya Ujerumani: {v}. Jina: {pick(KE_NAMES)}. Asante!", [("iban", v)])


def p_iban_3():
    v = iban(pick(["DE", "AT", "NL"]), grouped=False)
    return (f"```\nname;iban;betrag;zweck\n{pick(DE_NAMES)};{v};{ri(400, 1300)},00;HiWi {pick(['Mai', 'Juni', 'Juli'])}\n```", [("iban", v)])


def p_iban_4():
    v = iban("TR")
    return (f"> hocam IBAN'ı atar mısınız, konferans ücretini yatıracağım\n{v} — alıcı: ODTÜ Geliştirme Vakfı, açıklamaya proje no yazın.",
            [("iban", v)])


def p_iban_5():
    v = iban(pick(["CH", "AT", "NL"]))
    return (f"Rechnung vom Storage-Dienstleister, Zahlung an {v}, Rechnungsnr. RE-{ri(2025, 2026)}-{ri(1000, 9999)}, Betrag {money()}.",
            [("iban", v)])


def p_iban_6():
    v = iban("DE")
    return (LONG_DE + f"Ach ja, die Workshop-Gebühr bitte bis Freitag auf {v} überweisen.", [("iban", v)])


def p_iban_7():
    v = iban("TR", grouped=False)
    return ("```json\n" + json.dumps({"odeme": {"alici": pick(TR_NAMES), "iban": v, "tutar": money()}}, ensure_ascii=False) + "\n```", [("iban", v)])


# ---- us_ssn
def p_ssn_0():
    v = ssn()
    return f"For the NIH subaward paperwork, {pick(US_NAMES)}'s SSN is {v} — please forward to the grants office only.", [("us_ssn", v)]


def p_ssn_1():
    v = ssn()
    return f"Die US-Gastforscherin braucht für das W-9 ihre SSN: {v}. Kann das jemand ans Dezernat weitergeben?", [("us_ssn", v)]


def p_ssn_2():
    v = ssn()
    return f"```\nname,ssn,visa,start\n{pick(US_NAMES)},{v},J-1,{de_date()}\n```", [("us_ssn", v)]


def p_ssn_3():
    v = ssn()
    return f"ABD'li misafir araştırmacının SSN numarası {v}, maaş formu için gerekiyormuş.", [("us_ssn", v)]


# ---- ipv4_address
def p_ip_0():
    v = public_ip()
    return (f"```\n{ts_log()} login1 sshd[{ri(1000, 99999)}]: Failed password for invalid user admin from {v} port {ri(30000, 65000)} ssh2\n"
            f"{ts_log()} login1 fail2ban.actions: NOTICE [sshd] Ban {v}\n```", [("ipv4_address", v)])


def p_ip_1():
    v = public_ip()
    return f"Please allowlist the Nairobi partner's NAT gateway {v} for ssh to login.{pick(CLUSTERS)} — tafadhali ongeza kwenye firewall.", [("ipv4_address", v)]


def p_ip_2():
    v = public_ip()
    return f"Der Login-Knoten ist von außen nur über {v} erreichbar, der DNS-Eintrag kommt erst nächste Woche.", [("ipv4_address", v)]


def p_ip_3():
    v = public_ip()
    return (f"```\n{v} - - [{ri(1, 28):02d}/Mar/2025:{hms()} +0300] \"POST /hub/login HTTP/1.1\" 403 {ri(100, 900)} \"-\" \"python-requests/2.31.0\"\n```\n"
            "JupyterHub'a bu IP'den brute force var.", [("ipv4_address", v)])


def p_ip_4():
    v = public_ip()
    return f"ODTÜ tarafındaki transfer sunucusunun IP'si {v}, Globus endpoint'i ona bağlı.", [("ipv4_address", v)]


# ---- url_credentials
def p_url_0():
    v = password()
    v = v.replace("@", "_").replace("%", "_")
    return f"```\nmlflow server --backend-store-uri postgresql://mlflow:{v}@db.{pick(CLUSTERS)}.internal:5432/mlflow --host 0.0.0.0\n```", [("url_credentials", v)]


def p_url_1():
    v = rs(ALNUM, ri(16, 24))
    return ("```yaml\n# ~/.condarc\nchannels:\n  - https://deploy:" + v + "@nexus." + pick(CLUSTERS) + ".internal/repository/conda-proxy/\n  - conda-forge\n```",
            [("url_credentials", v)])


def p_url_2():
    v = rs(ALNUM, ri(14, 22))
    return f"```ini\n# /etc/pip.conf auf den Login-Knoten\n[global]\nindex-url = https://pypi-mirror:{v}@nexus.hpc.internal/repository/pypi/simple\n```", [("url_credentials", v)]


def p_url_3():
    v = password().replace("@", "!").replace("%", "+")
    return f"```\ngit remote set-url origin https://tez-bot:{v}@gitlab.{pick(CLUSTERS)}.internal/bio/pipeline.git\n```\nbu şekilde push çalışıyor", [("url_credentials", v)]


def p_url_4():
    v = rs(ALNUM, ri(18, 28))
    return f"Celery broker kwa pipeline: `amqp://pipeline:{v}@rabbit.{pick(CLUSTERS)}.internal:5672/hpc` — nimeibadilisha jana.", [("url_credentials", v)]


def p_url_5():
    v = rs(ALNUM, ri(16, 30))
    return f"```python\nr = redis.from_url(\"redis://:{v}@{priv_ip()}:6379/2\")  # Job-Queue vom Portal\n```", [("url_credentials", v)]


def p_url_6():
    v = rs(ALNUM, ri(14, 20))
    return (f"```python\nengine = create_engine(\"mysql+pymysql://xdmod:{v}@db01.{pick(CLUSTERS)}.internal/modw\")\n```", [("url_credentials", v)])


# ---- jwt
def p_jwt_0():
    v = jwt()
    return (f"```\ncurl -H \"Authorization: Bearer {v}\" https://ondemand.{pick(CLUSTERS)}.internal/pun/sys/dashboard/apps\n```\n"
            + pick(["gibt 401, abgelaufen?", "401 dönüyor, süresi mi doldu?", "inarudisha 401"]), [("jwt", v)])


def p_jwt_1():
    v = jwt()
    return (f"```yaml\n# kubeconfig für den JupyterHub-Cluster\nusers:\n- name: ci-deployer\n  user:\n    token: {v}\n```", [("jwt", v)])


def p_jwt_2():
    v = jwt()
    return f"```python\nheaders = {{\"X-SLURM-USER-TOKEN\": \"{v}\", \"X-SLURM-USER-NAME\": \"svc_portal\"}}\nrequests.get(f\"{{BASE}}/slurm/v0.0.40/jobs\", headers=headers)\n```", [("jwt", v)]


def p_jwt_3():
    v = jwt()
    return f"DevTools'tan kopyaladım, Authorization header: `Bearer {v}` — Grafana neden 403 veriyor?", [("jwt", v)]


def p_jwt_4():
    v = jwt()
    return f"export SLURM_JWT={v}\n^ hiyo ndiyo token niliyopata kwa `scontrol token lifespan=3600`", [("jwt", v)]


def p_jwt_5():
    v = jwt()
    return f"```\n{ts_log()} DEBUG oauthenticator: id_token={v} for user sso\n```\nDas Debug-Log schreibt Tokens raus, bitte Loglevel runter.", [("jwt", v)]


# ---- private_key_pem (layouts)
def pem_plain(label, lines, intro):
    v = "\n".join(lines)
    return f"{intro}\n```\n-----BEGIN {label}-----\n{v}\n-----END {label}-----\n```", v


def pem_yaml(label, lines, intro):
    ind = "    "
    v = ("\n" + ind).join(lines)
    return (f"{intro}\n```yaml\nhpc_deploy:\n  ssh_private_key: |\n{ind}-----BEGIN {label}-----\n{ind}{v}\n{ind}-----END {label}-----\n"
            f"  target: login.{pick(CLUSTERS)}.internal\n```"), v


def pem_json(label, lines, intro):
    v = "\\n".join(lines)
    return (f"{intro}\n```json\n{{\"cell_type\": \"code\", \"source\": [\"open('/home/tez/.ssh/id_key', 'w').write(\\\"-----BEGIN {label}-----\\n{v}\\n-----END {label}-----\\n\\\")\"]}}\n```"), v


PEM_INTROS = ["Mein Key wird vom Login-Knoten abgelehnt, hier ist er, was stimmt nicht?",
              "Anahtarım çalışmıyor, bakabilir misiniz:",
              "Ufunguo wangu unakataliwa na login node, huu hapa:",
              "Ansible-Vars fürs Deployment (bitte nicht committen):",
              "Notebook'ta şu hücre var, repo'ya push'lanmış:",
              "deploy key for the docs server:"]
PEM_LAYOUTS = [pem_plain, pem_yaml, pem_json]


# ---- single-kind templates for key-like kinds
def p_akid_0():
    v = aws_key_id()
    return (f"{v} ist der Key vom alten `s3-archiv`-User, der in dem öffentlichen Notebook stand — bitte sofort in IAM deaktivieren.",
            [("aws_access_key_id", v)])


def p_asec_0():
    v = aws_secret()
    return (f"Key-ID bleibt gleich wie im Wiki, nur das Secret hat sich geändert / sadece secret değişti:\n`{v}`",
            [("aws_secret_access_key", v)])


def p_ghc_0():
    v = gh_classic()
    return f"```\ngit clone https://{v}@github.com/ag-klima/wrf-runs.git\n```\nso klappt's auf dem Login-Knoten 👍", [("github_classic_pat", v)]


def p_ghc_1():
    v = gh_classic()
    return f"```bash\n# ~/.bashrc auf kahve\nexport GITHUB_TOKEN={v}\nexport PATH=$HOME/.local/bin:$PATH\n```", [("github_classic_pat", v)]


def p_ghc_2():
    v = gh_classic()
    return f"```\npip install git+https://{v}@github.com/odtu-bio/tez-araclari.git@v0.3.1\n```\nbu şekilde kurdum", [("github_classic_pat", v)]


def p_ghc_3():
    v = gh_classic()
    return (f"```yaml\n# environment.yml\nname: {pick(CONDA_ENVS)}\ndependencies:\n  - python=3.11\n  - pip\n  - pip:\n"
            f"    - git+https://{v}@github.com/hpc-ke/utafiti-tools.git\n```", [("github_classic_pat", v)])


def p_ghc_4():
    v = gh_classic()
    return f"Token yangu ya GitHub ni {v}, naomba mtu aongeze repo ya `hpc-ke/data` kwa scope.", [("github_classic_pat", v)]


def p_ghc_5():
    v = gh_classic()
    return f"```\n!git clone https://{v}@github.com/lab/ders-notebooklari.git\n```\n(Jupyter hücresinden)", [("github_classic_pat", v)]


def p_ghc_6():
    v = gh_classic()
    return f"token'ım bu: {v} — sadece repo:read, kursa kadar süreli.", [("github_classic_pat", v)]


def p_ghc_7():
    v = gh_classic()
    return f"```ini\n[credential]\n  helper = store\n# ~/.git-credentials\nhttps://x-access-token:{v}@github.com\n```", [("github_classic_pat", v)]


def p_ghf_0():
    v = gh_fine()
    return f"Fine-grained Token nur für `ag-klima/icon-setup` (read-only): {v}", [("github_fine_grained_pat", v)]


def p_ghf_1():
    v = gh_fine()
    return f"```bash\nexport GH_TOKEN={v}\ngh release download v2.1 -R hpc-ke/kenya-soil-model -D /work/$USER/models\n```", [("github_fine_grained_pat", v)]


def p_ghf_2():
    v = gh_fine()
    return f"Yeni fine-grained token oluşturdum, 30 gün geçerli: {v}", [("github_fine_grained_pat", v)]


def p_ghf_3():
    v = gh_fine()
    return f"Nimetengeneza token mpya ya GitHub (siku 30): {v} — iweke kwa Actions secrets tafadhali.", [("github_fine_grained_pat", v)]


def p_ghf_4():
    v = gh_fine()
    return ("```python\nfrom github import Github\ng = Github(\"" + v + "\")\nrepo = g.get_repo(\"odtu-hpc/slurm-raporlari\")\n```", [("github_fine_grained_pat", v)])


def p_ghf_5():
    v = gh_fine()
    return f"```\nGITHUB_PAT={v}\nR_LIBS_USER=/work/$USER/R/4.3\n```\n(`.Renviron` für `remotes::install_github`)", [("github_fine_grained_pat", v)]


def p_ghf_6():
    v = gh_fine()
    return (LONG_TR + f"Bu arada CI için token: {v}", [("github_fine_grained_pat", v)])


def p_sb_0():
    v = slack_bot()
    return ("```bash\n# notify_slurm.sh\nSLACK_TOKEN=\"" + v + "\"\ncurl -s -X POST https://slack.com/api/chat.postMessage \\\n"
            "  -H \"Authorization: Bearer $SLACK_TOKEN\" -d channel=C0" + rs(UP + DIG, 8) + " -d text=\"Job $SLURM_JOB_ID: $1\"\n```",
            [("slack_bot_token", v)])


def p_sb_1():
    v = slack_bot()
    return f"```python\nfrom slack_sdk import WebClient\nclient = WebClient(token=\"{v}\")\nclient.chat_postMessage(channel=\"#hpc-alerts\", text=msg)\n```", [("slack_bot_token", v)]


def p_sb_2():
    v = slack_bot()
    return f"Bot token ya jobbot: {v} — imewekwa kwenye `/etc/slurm/notify.env` ya {node()}", [("slack_bot_token", v)]


def p_sb_3():
    v = slack_bot()
    return f"```yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: jobbot-slack\nstringData:\n  SLACK_BOT_TOKEN: {v}\n```", [("slack_bot_token", v)]


def p_sb_4():
    v = slack_bot()
    return f"Der neue Token für den Quota-Bot ist {v}, bitte im Grafana-Contact-Point eintragen.", [("slack_bot_token", v)]


def p_sb_5():
    v = slack_bot()
    return f"```\nSLACK_BOT_TOKEN={v}\nSLACK_CHANNEL=#kuyruk-bildirimleri\n```\nbot'un .env dosyası", [("slack_bot_token", v)]


def p_su_0():
    v = slack_user()
    return (f"```\ncurl -s -H \"Authorization: Bearer {v}\" \"https://slack.com/api/conversations.history?channel=C0{rs(UP + DIG, 8)}&limit=200\"\n```\n"
            "für das Archiv des alten Projektkanals", [("slack_user_token", v)])


def p_su_1():
    v = slack_user()
    return f"Kanal arşivi için user token: {v} (export script'i bununla çalışıyor)", [("slack_user_token", v)]


def p_su_2():
    v = slack_user()
    return f"```python\nSLACK_USER_TOKEN = \"{v}\"  # kwa kuhamisha faili za zamani\n```", [("slack_user_token", v)]


def p_su_3():
    v = slack_user()
    return f"> welcher Token für slackdump?\nder User-Token: {v}", [("slack_user_token", v)]


def p_su_4():
    v = slack_user()
    return f"```\nslackdump -t {v} -o export_{ri(2023, 2025)}.zip\n```", [("slack_user_token", v)]


def p_su_5():
    v = slack_user()
    return (LONG_SW + f"Pia, token ya mtumiaji kwa ajili ya backup ni {v}.", [("slack_user_token", v)])


def p_oa_0():
    v = openai_key()
    return f"```\n%env OPENAI_API_KEY={v}\n```\n(erste Zelle im Notebook `annotate_abstracts.ipynb`)", [("openai_api_key", v)]


def p_oa_1():
    v = openai_key()
    return f"```python\nfrom openai import OpenAI\nclient = OpenAI(api_key=\"{v}\")\n```\ntez için özetleme script'i", [("openai_api_key", v)]


def p_oa_2():
    v = openai_key()
    return f"Ufunguo wa OpenAI kwa mradi wa tafsiri ya Kiswahili: {v}", [("openai_api_key", v)]


def p_oa_3():
    v = openai_key()
    return f"```bash\n#SBATCH --partition=cpu\nexport OPENAI_API_KEY={v}\npython eval_baseline.py --model gpt-4o-mini\n```", [("openai_api_key", v)]


def p_oa_4():
    v = openai_key()
    return f"> hat jemand einen Key für die Vergleichsläufe?\nnimm solange meinen: {v}", [("openai_api_key", v)]


def p_oa_5():
    v = openai_key()
    return ("```json\n" + json.dumps({"llm": {"provider": "openai", "api_key": v, "model": "gpt-4o"}}) + "\n```", [("openai_api_key", v)])


def p_an_0():
    v = anthropic_key()
    return f"```\nANTHROPIC_API_KEY={v}\n```\nin `~/.config/llm-eval.env` auf {node()}", [("anthropic_api_key", v)]


def p_an_1():
    v = anthropic_key()
    return f"```python\nclient = anthropic.Anthropic(api_key=\"{v}\")\n```", [("anthropic_api_key", v)]


def p_an_2():
    v = anthropic_key()
    return f"Claude API anahtarı (bölüm hesabı): {v} — limit ayda 200 $.", [("anthropic_api_key", v)]


def p_an_3():
    v = anthropic_key()
    return f"Key ya Anthropic kwa majaribio ya tafsiri: {v}", [("anthropic_api_key", v)]


def p_an_4():
    v = anthropic_key()
    return f"```\n%env ANTHROPIC_API_KEY={v}\n```", [("anthropic_api_key", v)]


def p_an_5():
    v = anthropic_key()
    return (LONG_DE + f"PS: Anthropic-Key für die Annotation: {v}", [("anthropic_api_key", v)])


def p_an_6():
    v = anthropic_key()
    return f"```yaml\nannotator:\n  backend: anthropic\n  api_key: \"{v}\"\n  model: claude-3-5-sonnet\n```", [("anthropic_api_key", v)]


SINGLE = {
    "phone_number": [p_phone_0, p_phone_1, p_phone_2, p_phone_3, p_phone_4, p_phone_5, p_phone_6, p_phone_7, p_phone_8,
                     p_phone_9, p_phone_10, p_phone_11, p_phone_12, p_phone_13],
    "password": [p_pw_0, p_pw_1, p_pw_2, p_pw_3, p_pw_4, p_pw_5, p_pw_6, p_pw_7, p_pw_8, p_pw_9, p_pw_10, p_pw_11, p_pw_12, p_pw_13],
    "credit_card": [p_cc_0, p_cc_1, p_cc_2, p_cc_3, p_cc_4, p_cc_5, p_cc_6, p_cc_7, p_cc_8, p_cc_9],
    "email_address": [p_mail_0, p_mail_1, p_mail_2, p_mail_3, p_mail_4],
    "iban": [p_iban_0, p_iban_1, p_iban_2, p_iban_3, p_iban_4, p_iban_5, p_iban_6, p_iban_7],
    "us_ssn": [p_ssn_0, p_ssn_1, p_ssn_2, p_ssn_3],
    "ipv4_address": [p_ip_0, p_ip_1, p_ip_2, p_ip_3, p_ip_4],
    "url_credentials": [p_url_0, p_url_1, p_url_2, p_url_3, p_url_4, p_url_5, p_url_6],
    "jwt": [p_jwt_0, p_jwt_1, p_jwt_2, p_jwt_3, p_jwt_4, p_jwt_5],
    "aws_access_key_id": [p_akid_0],
    "aws_secret_access_key": [p_asec_0],
    "github_classic_pat": [p_ghc_0, p_ghc_1, p_ghc_2, p_ghc_3, p_ghc_4, p_ghc_5, p_ghc_6, p_ghc_7],
    "github_fine_grained_pat": [p_ghf_0, p_ghf_1, p_ghf_2, p_ghf_3, p_ghf_4, p_ghf_5, p_ghf_6],
    "slack_bot_token": [p_sb_0, p_sb_1, p_sb_2, p_sb_3, p_sb_4, p_sb_5],
    "slack_user_token": [p_su_0, p_su_1, p_su_2, p_su_3, p_su_4, p_su_5],
    "openai_api_key": [p_oa_0, p_oa_1, p_oa_2, p_oa_3, p_oa_4, p_oa_5],
    "anthropic_api_key": [p_an_0, p_an_1, p_an_2, p_an_3, p_an_4, p_an_5, p_an_6],
}


# ---- multi-secret templates
def m_aws_0():
    a, s = aws_key_id(), aws_secret()
    return (f"```ini\n# ~/.aws/credentials auf {node()}\n[ceph-archiv]\naws_access_key_id = {a}\naws_secret_access_key = {s}\n```\n"
            + pick(["warum AccessDenied beim `aws s3 ls`?", "neden AccessDenied alıyorum?", "kwa nini AccessDenied?"]),
            [("aws_access_key_id", a), ("aws_secret_access_key", s)])


def m_aws_1():
    a, s = aws_key_id(), aws_secret()
    return (f"```ini\n[s3-backup]\ntype = s3\nprovider = AWS\naccess_key_id = {a}\nsecret_access_key = {s}\nregion = eu-central-1\n```\n"
            "rclone.conf für das Backup der Projektdaten", [("aws_access_key_id", a), ("aws_secret_access_key", s)])


def m_aws_2():
    a, s = aws_key_id(), aws_secret()
    return (f"```ini\n# .dvc/config.local (sollte eigentlich nicht im Repo sein)\n['remote \"s3store\"']\n    url = s3://hpc-ke-dvc/data\n"
            f"    access_key_id = {a}\n    secret_access_key = {s}\n```", [("aws_access_key_id", a), ("aws_secret_access_key", s)])


def m_aws_3():
    a, s = aws_key_id(), aws_secret()
    return (f"```python\ns3 = boto3.client(\"s3\",\n    aws_access_key_id=\"{a}\",\n    aws_secret_access_key=\"{s}\",\n    region_name=\"eu-central-1\")\n```\n"
            "Notebook'tan, veri seti indirme hücresi", [("aws_access_key_id", a), ("aws_secret_access_key", s)])


def m_aws_4():
    a, s = aws_key_id(), aws_secret()
    return (f"```\nAccess key ID,Secret access key\n{a},{s}\n```\n(aus der heruntergeladenen `credentials.csv`)",
            [("aws_access_key_id", a), ("aws_secret_access_key", s)])


def m_aws_5():
    a, s = aws_key_id(), aws_secret()
    return (f"```bash\n#SBATCH --job-name=s3-sync\nexport AWS_ACCESS_KEY_ID={a}\nexport AWS_SECRET_ACCESS_KEY={s}\n"
            f"aws s3 sync /scratch/$USER/era5 s3://klima-archiv/era5 --only-show-errors\n```", [("aws_access_key_id", a), ("aws_secret_access_key", s)])


def m_aws_6():
    a, s = aws_key_id(), aws_secret()
    return (f"```hcl\nprovider \"aws\" {{\n  region     = \"eu-central-1\"\n  access_key = \"{a}\"\n  secret_key = \"{s}\"\n}}\n```",
            [("aws_access_key_id", a), ("aws_secret_access_key", s)])


def m_aws_7():
    a, s = aws_key_id(), aws_secret()
    return (f"Habari, hizi ndizo funguo za bucket ya data ya udongo: key id {a} na secret {s}. Zitaisha mwisho wa mwezi.",
            [("aws_access_key_id", a), ("aws_secret_access_key", s)])


def m_sig(c):
    def f():
        _, name = person(c)
        e, p = email_for(c, name), phone(c)
        lab = {"DE": ("E-Mail:", "Tel.:"), "TR": ("E-posta:", "Tel:"), "KE": ("Barua pepe:", "Simu:")}[c]
        intro = {"DE": "Danke, ich melde mich nach dem Testlauf.", "TR": "Teşekkürler hocam, test bitince dönerim.",
                 "KE": "Asante, nitawasiliana baada ya majaribio."}[c]
        return (intro + "\n" + sig_block(c, name, f"{lab[0]} {e}\n{lab[1]} {p}"), [("email_address", e), ("phone_number", p)])
    f.__name__ = f"sig_{c}"
    return f


def m_iban_mail():
    c, name = person("DE")
    e, i = email_for(c, name), iban("DE")
    return (f"HiWi-Vertrag für {name}: Bankverbindung {i}, Kontakt {e}. Bitte ans Personaldezernat.", [("iban", i), ("email_address", e)])


def m_pw_ip_0():
    ip, pw = public_ip(), password()
    return (f"Sunucu: {ip}\nKullanıcı: root\nŞifre: {pw}\n(geçici, kurulum bitince değiştireceğim)", [("ipv4_address", ip), ("password", pw)])


def m_pw_ip_1():
    ip, pw = public_ip(), rs(ALNUM + "!#%+", ri(12, 16))
    return (f"Die Test-VM für den Kenia-Workshop läuft: `ssh ubuntu@{ip}`, Passwort `{pw}` (nur bis Freitag).",
            [("ipv4_address", ip), ("password", pw)])


def m_slack_both():
    b, u = slack_bot(), slack_user()
    return (f"```\n# .env für den Slurm-Slack-Bridge-Dienst\nSLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}\nSLACK_SIGNING_SECRET_FILE=/run/secrets/signing\n```",
            [("slack_bot_token", b), ("slack_user_token", u)])


def m_gh_oa():
    g, o = gh_classic(), openai_key()
    return (f"```python\nimport os\nos.environ[\"GITHUB_TOKEN\"] = \"{g}\"\nos.environ[\"OPENAI_API_KEY\"] = \"{o}\"\n```\n"
            "İlk hücre böyle, notebook'u paylaşmadan önce silmem lazım", [("github_classic_pat", g), ("openai_api_key", o)])


def m_jwt_url():
    j, pw = jwt(), rs(ALNUM, ri(16, 24))
    return (f"```\nexport PORTAL_TOKEN={j}\nexport DATABASE_URL=postgresql://portal:{pw}@{priv_ip()}:5432/portal\n```\n"
            "beides aus dem alten Deploy-Skript", [("jwt", j), ("url_credentials", pw)])


def m_cc_phone():
    c, p = card(), phone("KE", "mobile")
    return (f"Usajili wa mkutano: kadi {c}, exp {ri(1, 12):02d}/{ri(26, 29)}; simu ya mawasiliano {p}.", [("credit_card", c), ("phone_number", p)])


def m_llm_keys():
    a, o = anthropic_key(), openai_key()
    return (f"```\n# llm-eval/.env\nANTHROPIC_API_KEY={a}\nOPENAI_API_KEY={o}\nEVAL_SET=swahili-qa-v2\n```",
            [("anthropic_api_key", a), ("openai_api_key", o)])


def m_ssn_mail():
    _, name = person("US")
    e, s = email_for("US", name), ssn()
    return (f"Visiting scholar onboarding: {name}, {e}, SSN {s}. Für das Payroll-Formular der US-Seite.",
            [("email_address", e), ("us_ssn", s)])


MULTI = ([("aws_pair", f) for f in [m_aws_0, m_aws_1, m_aws_2, m_aws_3, m_aws_4, m_aws_5, m_aws_6, m_aws_7]] +
         [("signature", m_sig("DE")), ("signature", m_sig("TR")), ("signature", m_sig("KE")),
          ("iban_email", m_iban_mail), ("password_ipv4", m_pw_ip_0), ("password_ipv4", m_pw_ip_1),
          ("slack_pair", m_slack_both), ("github_openai", m_gh_oa), ("jwt_url", m_jwt_url), ("card_phone", m_cc_phone),
          ("llm_keys", m_llm_keys), ("ssn_email", m_ssn_mail)])

SINGLE_COUNTS = {"phone_number": 14, "password": 12, "credit_card": 11, "email_address": 3, "iban": 8, "us_ssn": 4,
                 "ipv4_address": 5, "url_credentials": 6, "jwt": 8, "private_key_pem": 9, "aws_access_key_id": 1,
                 "aws_secret_access_key": 1, "github_classic_pat": 8, "github_fine_grained_pat": 9, "slack_bot_token": 8,
                 "slack_user_token": 8, "openai_api_key": 7, "anthropic_api_key": 8}
TARGET = {"phone_number": 18, "password": 14, "credit_card": 12, "email_address": 8, "iban": 9, "us_ssn": 5, "ipv4_address": 7,
          "url_credentials": 7, "jwt": 9, "private_key_pem": 9, "aws_access_key_id": 9, "aws_secret_access_key": 9,
          "github_classic_pat": 9, "github_fine_grained_pat": 9, "slack_bot_token": 9, "slack_user_token": 9,
          "openai_api_key": 9, "anthropic_api_key": 9}


def check_value(kind, v):
    """Re-check that a labelled value is well-formed."""
    if kind == "credit_card":
        d = re.sub(r"[ \-+]", "", v)
        assert d.isdigit() and luhn_ok(d), v
        assert (d[0] == "4" and len(d) == 16) or (d[:2] in ("34", "37") and len(d) == 15) or \
               (51 <= int(d[:2]) <= 55 and len(d) == 16) or (2221 <= int(d[:4]) <= 2720 and len(d) == 16) or \
               (d[:4] == "9792" and len(d) == 16) or (d[:4] == "6011" and len(d) == 16) or (d[:2] == "65" and len(d) == 16), v
    elif kind == "iban":
        c = v.replace(" ", "")
        assert iban_mod97(c) and len(c) == IBAN_LEN[c[:2]], v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        assert ipv4_public(v), v
    elif kind == "jwt":
        h, p, s = v.split(".")
        for part in (h, p):
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        body = re.sub(r"\\n|\s", "", v)
        base64.b64decode(body, validate=True)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
    elif kind == "aws_secret_access_key":
        assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
    elif kind == "github_classic_pat":
        assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v) and b62enc(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:], v
    elif kind == "github_fine_grained_pat":
        assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
    elif kind == "slack_bot_token":
        assert re.fullmatch(r"xoxb-\d{10,13}-\d{13}-[A-Za-z0-9]{24}", v), v
    elif kind == "slack_user_token":
        assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v), v
    elif kind == "openai_api_key":
        assert v.startswith("sk-") and "T3BlbkFJ" in v, v
    elif kind == "anthropic_api_key":
        assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_\-]{93}AA", v), v
    elif kind == "phone_number":
        d = re.sub(r"\D", "", v.replace("(0)", ""))
        if v.startswith("+") or v.startswith("(+"):
            assert (d.startswith("49") and 10 <= len(d) <= 13) or (d.startswith("90") and len(d) == 12) or \
                   (d.startswith("254") and len(d) == 12), v
        else:
            assert d.startswith("0") and ((10 <= len(d) <= 12) or (len(d) == 10)), v


def build_positives():
    recs = []
    # singles (non-PEM)
    for kind, n in SINGLE_COUNTS.items():
        if kind == "private_key_pem":
            continue
        temps = SINGLE[kind]
        order = []
        for _ in range(n):
            if not order:
                order = list(range(len(temps)))
                R.shuffle(order)
            ti = order.pop()
            text, secrets = temps[ti]()
            recs.append((text, secrets, f"{kind}:t{ti}"))
    # PEM singles: cycle types and layouts
    for i in range(SINGLE_COUNTS["private_key_pem"]):
        tname, fn = PEM_TYPES[i % len(PEM_TYPES)]
        li = i % len(PEM_LAYOUTS)
        label, lines = pem_lines(fn)
        text, v = PEM_LAYOUTS[li](label, lines, pick(PEM_INTROS))
        recs.append((text, [("private_key_pem", v)], f"private_key_pem:{tname}:layout{li}"))
    # multi
    counter = {}
    for name, fn in MULTI:
        counter[name] = counter.get(name, 0) + 1
        text, secrets = fn()
        recs.append((text, secrets, f"multi:{name}:{counter[name]}"))
    out = []
    for text, secrets, ctx in recs:
        if chance(0.08):
            text = add_lead(text)
        for kind, v in secrets:
            assert v in text, (ctx, v)
            check_value(kind, v)
        out.append({"text": text, "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return out


# ----------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------
def main():
    negs, redraws = build_negatives()
    pos = build_positives()
    R.shuffle(negs)
    R.shuffle(pos)
    for i, r in enumerate(negs):
        negs[i] = {"id": f"h64n-{i + 1:04d}", "text": r["text"], "category": r["category"]}
    for i, r in enumerate(pos):
        pos[i] = {"id": f"h64p-{i + 1:04d}", "text": r["text"], "secrets": r["secrets"], "context": r["context"]}

    # checks
    assert len(negs) == 600 and len({r["text"] for r in negs}) == 600
    assert len(pos) == 150 and len({r["text"] for r in pos}) == 150
    cnt = {}
    for r in pos:
        for s in r["secrets"]:
            cnt[s["kind"]] = cnt.get(s["kind"], 0) + 1
            assert s["value"] in r["text"]
    assert cnt == TARGET, cnt
    assert sum(cnt.values()) == 170
    assert sum(1 for r in pos if len(r["secrets"]) == 2) == 20
    for r in negs:
        assert not scan(r["text"]), r

    with open(os.path.join(HERE, "redaction64_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in negs:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction64_positives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # report: scanner on positives (which labelled values it misses, and unlabelled hits)
    def norm(x):
        return re.sub(r"[\s\-+]", "", x)

    missed, extra = [], []
    for r in pos:
        hits = scan(r["text"])
        vals = [norm(s["value"]) for s in r["secrets"]]
        for s in r["secrets"]:
            v = norm(s["value"])
            if not any(norm(h[1])[:20] in v or v[:20] in norm(h[1]) for h in hits):
                missed.append((r["id"], s["kind"]))
        for h in hits:
            if not any(norm(h[1])[:20] in v or v[:20] in norm(h[1]) for v in vals):
                extra.append((r["id"], h))
    print(f"negatives: {len(negs)} (scanner redraws: {redraws})")
    print(f"positives: {len(pos)} texts, {sum(cnt.values())} secrets, {sum(1 for r in pos if len(r['secrets']) == 2)} with two")
    print(f"scanner misses on positives ({len(missed)}): {missed}")
    print(f"scanner hits on positives not labelled ({len(extra)}): {extra}")


if __name__ == "__main__":
    main()
