#!/usr/bin/env python3
"""Blind redaction corpus #19: a biotech laboratory's research-IT Slack.

Standard library only. Deterministic: random.Random(1919). Writes
redaction19_negatives.jsonl and redaction19_positives.jsonl next to itself.
"""
import base64
import difflib
import binascii
import gzip
import io
import json
import os
import re
import string
import struct
import zipfile
import zlib
import random

R = random.Random(1919)
SIM_MAX = 0.96  # a template's raw output may not be this similar to an earlier one
HERE = os.path.dirname(os.path.abspath(__file__))

ch = R.choice
ri = R.randint

HEXL = "0123456789abcdef"
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
UPAL = string.ascii_uppercase + string.digits


def rhex(n):
    return "".join(R.choice(HEXL) for _ in range(n))


def rstr(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def wrap(s, w=64):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def uuid4():
    h = list(rhex(32))
    h[12] = "4"
    h[16] = ch("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def date(y0=2023, y1=2025):
    return f"{ri(y0, y1)}-{ri(1, 12):02d}-{ri(1, 28):02d}"


def ts(y0=2024, y1=2025):
    return f"{date(y0, y1)}T{ri(0, 23):02d}:{ri(0, 59):02d}:{ri(0, 59):02d}"


def hm():
    return f"{ri(6, 22):02d}:{ri(0, 59):02d}"


# ---------------------------------------------------------------- theme bits
NUC = "ACGT"
AA = "ACDEFGHIKLMNPQRSTVWY"


def dna(n):
    return "".join(R.choice(NUC) for _ in range(n))


def rna(n):
    return "".join(R.choice("ACGU") for _ in range(n))


def protein(n):
    return "M" + "".join(R.choice(AA) for _ in range(n - 1))


def qual(n):
    # Phred+33, mostly high quality with dips, like a NovaSeq binned read
    bins = "#,:F"
    if R.random() < 0.5:
        return "".join(R.choice("FFFFFFFF:,F" if R.random() < 0.9 else bins) for _ in range(n))
    return "".join(chr(33 + min(41, max(2, int(R.gauss(34, 6))))) for _ in range(n))


def flowcell(kind):
    if kind == "nova":
        return ch("AB") + rstr(5, UPAL) + ch(["DSX7", "DSXC", "DRX3", "DRXY", "DMXY", "DSX5"])
    if kind == "next":
        return "AA" + rstr(5, string.ascii_uppercase) + "M5"
    if kind == "x":
        return "22" + rstr(5, UPAL) + ch(["LT3", "LT4", "LT1"])
    return "000000000-" + rstr(5, UPAL)


def instrument(kind):
    return {"nova": f"A0{ri(1000, 1999)}", "next": f"VH00{ri(100, 999)}",
            "x": f"LH00{ri(100, 799)}", "miseq": f"M0{ri(1000, 7999)}"}[kind]


def run_id(kind=None):
    kind = kind or ch(["nova", "next", "x", "miseq"])
    d = f"{ri(23, 25)}{ri(1, 12):02d}{ri(1, 28):02d}"
    if kind == "next":
        return f"{d}_{instrument(kind)}_{ri(10, 480)}_{flowcell(kind)}"
    if kind == "x":
        return f"20{d}_{instrument(kind)}_{ri(1, 900):04d}_{ch('AB')}{flowcell(kind)}"
    return f"{d}_{instrument(kind)}_{ri(1, 999):04d}_{flowcell(kind)}"


def sample_id():
    return ch([f"S{ri(23, 25)}-{ri(1, 99999):05d}", f"HB{ri(100000, 999999)}",
               f"LIMS-{ri(23, 25)}-{ri(1000, 99999)}", f"SMP{ri(10000000, 99999999)}"])


def plate_bc():
    return ch([f"PL{ri(23, 25)}{ri(0, 999999):06d}", f"P{ri(100000, 999999)}",
               f"ECHO-SRC-{ri(1000, 9999)}", f"QPCR{ri(23, 25)}-{ri(1, 9999):04d}"])


def eln_id():
    return ch([f"ELN-{ri(2022, 2025)}-{ri(1, 99999):06d}", f"EXP{ri(23, 25)}{ri(1, 999999):06d}",
               f"etr_{rstr(8, B62)}", f"NB{ri(100, 999)}-p{ri(1, 200)}"])


def well(rows=8, cols=12):
    return f"{'ABCDEFGHIJKLMNOP'[ri(0, rows - 1)]}{ri(1, cols)}"


def wells96():
    return [f"{r}{c}" for r in "ABCDEFGH" for c in range(1, 13)]


def freezer_pos():
    return ch([
        f"ULT-{ri(1, 12):02d} / shelf {ri(1, 5)} / rack {ch('ABCDEF')} / box {ri(1, 25):02d} / {well(9, 9)}",
        f"-80 #{ri(1, 9)} R{ri(1, 6)}-S{ri(1, 5)}-B{ri(1, 16)} pos {ri(1, 81)}",
        f"LN2 dewar {ri(1, 4)}, canister {ri(1, 6)}, cane {ri(1, 12)}, slot {ri(1, 6)}",
        f"FRZ{ri(100, 999)}:{ch('ABCD')}{ri(1, 8)}:{ri(1, 100)}",
    ])


CAS = [("Tris base", "77-86-1"), ("HEPES", "7365-45-9"), ("EDTA", "60-00-4"), ("SDS", "151-21-3"),
       ("Triton X-100", "9002-93-1"), ("glycerol", "56-81-5"), ("sodium chloride", "7647-14-5"),
       ("magnesium chloride", "7786-30-3"), ("potassium chloride", "7447-40-7"), ("ethanol", "64-17-5"),
       ("isopropanol", "67-63-0"), ("DMSO", "67-68-5"), ("formamide", "75-12-7"), ("guanidine HCl", "50-01-1"),
       ("urea", "57-13-6"), ("DTT", "3483-12-3"), ("imidazole", "288-32-4"), ("Tween 20", "9005-64-5"),
       ("agarose", "9012-36-6"), ("phenol", "108-95-2"), ("chloroform", "67-66-3"), ("sodium hydroxide", "1310-73-2"),
       ("ampicillin sodium", "69-52-3"), ("kanamycin sulfate", "25389-94-0"), ("IPTG", "367-93-1"),
       ("acetonitrile", "75-05-8"), ("formic acid", "64-18-6"), ("paraformaldehyde", "30525-89-4"),
       ("BSA", "9048-46-8"), ("glucose", "50-99-7")]


def cas_ok(c):
    d = c.replace("-", "")
    body, chk = d[:-1], int(d[-1])
    return sum((i + 1) * int(x) for i, x in enumerate(reversed(body))) % 10 == chk


for _n, _c in CAS:
    assert cas_ok(_c), _c

GENBANK = ["NC_045512.2", "MN908947.3", "NM_000546.6", "NM_007294.4", "NG_017013.2", "NC_000913.3",
           "CP009072.1", "U00096.3", "NR_003286.4", "MK584552.1", "OQ291490.1", "AF086833.2", "J01636.1",
           "NC_001422.1", "L08752.1", "MT576584.1", "NM_001126112.3", "XM_011520213.2"]
UNIPROT = ["P04637", "P69905", "P00533", "Q9Y6K9", "P38398", "P0DTC2", "P42212", "P02769", "Q8N726",
           "A0A024R161", "P01308", "O15530", "P31749", "Q13315", "P08069", "P60709"]
PDB = ["6VXX", "1TUP", "7K3G", "4HHB", "1EMA", "6M0J", "2RH1", "1GFL", "5R82", "3J3Q", "7BV2", "1AKE", "8A3D"]
SRA = lambda: ch([f"SRR{ri(10000000, 29999999)}", f"ERR{ri(1000000, 12999999)}", f"PRJNA{ri(100000, 1099999)}",
                  f"SAMN{ri(10000000, 41999999)}", f"GSE{ri(100000, 269999)}", f"GSM{ri(1000000, 8299999)}",
                  f"PRJEB{ri(10000, 79999)}", f"DRR{ri(100000, 599999)}"])

INSTRUMENTS = ["NovaSeq 6000", "NovaSeq X Plus", "NextSeq 2000", "MiSeq", "PromethION 24", "GridION",
               "Sequel IIe", "QuantStudio 7 Flex", "Hamilton STAR", "Tecan Fluent 780", "Opentrons OT-2",
               "BioTek Synergy H1", "TapeStation 4200", "Bioanalyzer 2100", "Echo 525", "Cytek Aurora",
               "FACSymphony A5", "Orbitrap Exploris 480", "ZEISS LSM 980", "Qubit 4", "Ambr 250",
               "CLARIOstar Plus", "Bravo NGS", "Chromium X", "Mosquito LV"]
TEAMS = ["seqcore", "research-it", "hts", "proteomics", "biobank", "cellbio", "bioinf", "lims", "imaging",
         "chem", "flowcore", "struct-bio"]
HOSTS = ["lims-app01", "lims-db02", "seq-ingest01", "hpc-login2", "eln-proxy", "nas-seq01", "minio-raw",
         "qpcr-pc-07", "novaseq-ctrl", "hamilton-pc3", "cryo-em-gw", "omero01", "galaxy-dev", "slurm-head"]
LDAP_GROUPS = ["grp-seqcore-rw", "grp-seqcore-ro", "sg-lims-admins", "rit-hpc-users", "grp-eln-power-users",
               "sg-biobank-curators", "grp-instrument-pcs", "rit-s3-raw-readers", "grp-bioinf-dev",
               "sg-gxp-auditors", "grp-cryoem-data", "sg-flowcore-operators"]


def priv_ip():
    k = R.random()
    if k < 0.45:
        return f"10.{ri(0, 255)}.{ri(0, 255)}.{ri(1, 254)}"
    if k < 0.75:
        return f"192.168.{ri(0, 255)}.{ri(1, 254)}"
    if k < 0.95:
        return f"172.{ri(16, 31)}.{ri(0, 255)}.{ri(1, 254)}"
    return f"100.{ri(64, 127)}.{ri(0, 255)}.{ri(1, 254)}"


def fw_version():
    return ch([f"{ri(1, 9)}.{ri(0, 20)}.{ri(0, 9)}", f"v{ri(1, 6)}.{ri(0, 30)}.{ri(0, 99)}-build{ri(100, 9999)}",
               f"{ri(1, 4)}.{ri(0, 9)}.{ri(0, 9)}.{ri(1000, 65000)}", f"{ri(10, 24):02d}.{ri(1, 12):02d}.{ri(0, 9)}",
               f"FW{ri(1, 9)}{ri(0, 99):02d}{ri(0, 99):02d}"])


LANGS = ["en", "de", "fr", "es", "pt", "it", "nl", "pl", "sv", "ja", "zh", "ko", "ru", "tr"]
LEADS = {
    "en": ["fyi", "heads up:", "quick q —", "for the record:", "re: yesterday's thread"],
    "de": ["Zur Info:", "Kurze Frage:", "Nachtrag:", "Achtung:"],
    "fr": ["Pour info :", "Petite question :", "Rappel :"],
    "es": ["Ojo:", "Para que conste:", "Pregunta rápida:"],
    "pt": ["Só pra constar:", "Atenção:", "Dúvida rápida:"],
    "it": ["Nota:", "Per conoscenza:", "Domanda veloce:"],
    "nl": ["Ter info:", "Even checken:", "Let op:"],
    "pl": ["Dla info:", "Szybkie pytanie:", "Uwaga:"],
    "sv": ["FYI:", "Snabb fråga:", "Obs:"],
    "ja": ["メモ:", "共有です:", "確認お願いします:"],
    "zh": ["备注：", "同步一下：", "请注意："],
    "ko": ["참고:", "공유드립니다:", "확인 부탁드려요:"],
    "ru": ["К сведению:", "Вопрос:", "Напоминание:"],
    "tr": ["Bilginize:", "Hatırlatma:", "Kısa soru:"],
}
TRAILS = ["thx", "danke!", "merci", "gracias 🙏", "obrigado", "grazie", "bedankt", "dzięki", "tack",
          "よろしくお願いします", "谢谢", "감사합니다", "спасибо", "teşekkürler", ":+1:", "(will update the ticket)"]


def dress(text, p_lead=0.14, p_trail=0.07):
    if R.random() < p_lead:
        lang = ch(LANGS)
        lead = ch(LEADS[lang])
        text = lead + ("\n" if "\n" in text or text.startswith("```") else " ") + text
    if R.random() < p_trail:
        text = text + ("\n" if "\n" in text else " ") + ch(TRAILS)
    return text


# ---------------------------------------------------------------- binary makers
def png_bytes(w, h, gray=True, seed_pixels=None):
    def chunk(t, d):
        c = zlib.crc32(t + d) & 0xFFFFFFFF
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", c)
    color = 0 if gray else 2
    bpp = 1 if gray else 3
    raw = b""
    for y in range(h):
        row = bytes(ri(0, 255) if seed_pixels is None else seed_pixels(x, y) for x in range(w * bpp))
        raw += b"\x00" + row
    ihdr = struct.pack(">IIBBBBB", w, h, 8, color, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def barcode_png():
    bars = [ri(0, 1) for _ in range(60)]
    return png_bytes(60, 4, True, lambda x, y: 0 if bars[x] else 255)


def gif_1x1():
    return bytes.fromhex("47494638396101000100800000" + ch(["ffffff000000", "000000ffffff", "0f9d58ffffff"]) +
                         "21f90401000000002c00000000010001000002024401003b")


def pdf_bytes(title):
    body = (f"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
            f"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n"
            f"4 0 obj<</Title({title})>>endobj\ntrailer<</Root 1 0 R/Info 4 0 R>>\n%%EOF\n")
    return body.encode()


def zip_bytes(name, content):
    bio = io.BytesIO()
    with zipfile.ZipFile(bio, "w", zipfile.ZIP_DEFLATED) as z:
        zi = zipfile.ZipInfo(name, date_time=(2024, ri(1, 12), ri(1, 28), ri(0, 23), ri(0, 59), 0))
        zi.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(zi, content)
    return bio.getvalue()


def gz_bytes(data):
    return gzip.compress(data, mtime=0)


def plate_map_csv():
    lines = ["well,sample,type"]
    for w in wells96()[:ri(8, 24)]:
        lines.append(f"{w},{sample_id()},{ch(['sample', 'sample', 'NTC', 'std', 'blank'])}")
    return "\n".join(lines) + "\n"


def svg_plate():
    circles = "".join(f'<circle cx="{8 + 10 * c}" cy="{8 + 10 * r}" r="4" fill="#{ch(["0f9d58", "cccccc", "d93025", "1a73e8"])}"/>'
                      for r in range(ri(1, 3)) for c in range(ri(3, 6)))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="128" height="88">{circles}</svg>'


# ---------------------------------------------------------------- scanner
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}")
TOKEN_RES = [
    re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}"),
    re.compile(r"github_pat_[A-Za-z0-9_]{20,}"),
    re.compile(r"xox[abposre]-[0-9A-Za-z\-]{10,}"),
    re.compile(r"sk-(?:ant-[a-z0-9]+-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}"),
    re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}"),
    re.compile(r"eyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]{8,}"),
]
SSN_RE = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
PEM_RE = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----\s*\n([A-Za-z0-9+/=\s:,-]+?)-----END", re.S)
IPV4_RE = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
CARD_RES = [re.compile(r"(?<![\d])\d{13,19}(?!\d)"),
            re.compile(r"(?<![\d])\d{4}(?:[ \-]\d{4}){2,3}(?:[ \-]\d{1,3})?(?![\d])"),
            re.compile(r"(?<![\d])\d{4}[ \-]\d{6}[ \-]\d{5}(?!\d)")]
IBAN_RE = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)(?![A-Za-z0-9])")
NAME_RE = re.compile(r"\b(John|Jane|Doe|Smith|Alice|Bob|Müller|Maria|Peter|Michael|David|Sarah|Thomas|Garcia|"
                     r"Tanaka|Suzuki|Wang|Kowalski|Ivanov|Schmidt|Dupont|Rossi|Jansen)\b")


def luhn_ok(d):
    s = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2:
            n *= 2
            if n > 9:
                n -= 9
        s += n
    return s % 10 == 0


def iban_ok(s):
    s = s.replace(" ", "")
    if not (15 <= len(s) <= 34):
        return False
    r = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in r)
    return int(num) % 97 == 1


def is_public_ipv4(parts):
    a, b, c, d = parts
    if any(x > 255 for x in parts):
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
    if a == 198 and b in (18, 19):
        return False
    if a == 198 and b == 51 and c == 100:
        return False
    if a == 203 and b == 0 and c == 113:
        return False
    return True


def low_entropy(tok):
    tail = re.sub(r"^(gh[pousr]_|github_pat_|xox[a-z]-|sk-(ant-[a-z0-9]+-|proj-|svcacct-)?|AKIA|ASIA)", "", tok)
    return len(set(tail.replace("-", "").replace("_", ""))) <= 4


def scan(text, allow_ipv4=()):
    hits = []
    for m in EMAIL_RE.finditer(text):
        hits.append(("email", m.group()))
    for rx in TOKEN_RES:
        for m in rx.finditer(text):
            t = m.group()
            if "EXAMPLE" in t or low_entropy(t):
                continue
            hits.append(("token", t))
    for m in SSN_RE.finditer(text):
        hits.append(("ssn", m.group()))
    for m in PEM_RE.finditer(text):
        body = m.group(1)
        if "..." in body or "…" in body or len(re.sub(r"\s", "", body)) < 40:
            continue
        hits.append(("pem", body[:20]))
    for m in IPV4_RE.finditer(text):
        parts = tuple(int(x) for x in m.groups())
        if is_public_ipv4(parts) and m.group() not in allow_ipv4:
            hits.append(("ipv4", m.group()))
    for rx in CARD_RES:
        for m in rx.finditer(text):
            d = re.sub(r"\D", "", m.group())
            if 13 <= len(d) <= 19 and luhn_ok(d):
                hits.append(("luhn", m.group()))
    for m in IBAN_RE.finditer(text):
        if iban_ok(m.group(1)):
            hits.append(("iban", m.group(1)))
    for m in NAME_RE.finditer(text):
        hits.append(("name", m.group()))
    return hits


# ================================================================ NEGATIVES
# ---- non_credential_blob ------------------------------------------------------
def nb_md5_fastq():
    rid = run_id()
    n = ri(2, 14)
    lines = []
    for i in range(n):
        s = f"{sample_id()}_S{i + 1}_L00{ri(1, 4)}_R{ch('12')}_001.fastq.gz"
        lines.append(f"{rhex(32)}  {s}")
    intro = ch([f"md5s for {rid} before we push to the archive bucket:",
                f"checksums from the instrument side ({rid}), please compare with what landed on nas-seq01",
                f"Prüfsummen vom Sequencer-PC für {rid}:", f"{rid} の md5 です。転送後に照合してください"])
    return intro + "\n```\n$ md5sum *.fastq.gz\n" + "\n".join(lines) + "\n```"


def nb_sha256_manifest():
    rid = run_id()
    files = ["RunInfo.xml", "RunParameters.xml", "SampleSheet.csv", "InterOp.tar", f"{rid}.bcl.tar.zst",
             "CopyComplete.txt", "RTAComplete.txt", "Logs.tar.gz"]
    R.shuffle(files)
    body = "\n".join(f"{rhex(64)}  {f}" for f in files[:ri(3, 8)])
    return ch(["SHA256SUMS for the archived run:\n```\n", "```\n# SHA256SUMS (generated by seq-ingest)\n"]) + body + "\n```"


def nb_s3_head():
    rid = run_id()
    parts = ri(2, 90)
    return (f"the multipart ETag is why the md5 doesn't match, it's not corruption:\n```json\n"
            f'{{\n    "AcceptRanges": "bytes",\n    "LastModified": "{ts()}+00:00",\n'
            f'    "ContentLength": {ri(10**9, 9 * 10**10)},\n    "ETag": "\\"{rhex(32)}-{parts}\\"",\n'
            f'    "ChecksumSHA256": "{b64(rbytes(32))}-{parts}",\n    "ContentType": "application/gzip",\n'
            f'    "ServerSideEncryption": "aws:kms",\n    "Metadata": {{"run-id": "{rid}", "md5": "{rhex(32)}"}}\n}}\n```')


def nb_fastq():
    kind = ch(["nova", "next", "x"])
    inst, fc = instrument(kind), flowcell(kind)
    idx = dna(8) + "+" + dna(8)
    recs = []
    for _ in range(ri(1, 8)):
        ln = ch([51, 76, 101, 151]) if R.random() < 0.7 else ri(30, 60)
        recs.append(f"@{inst}:{ri(1, 900)}:{fc}:{ri(1, 4)}:{ri(1101, 2678)}:{ri(1000, 32000)}:{ri(1000, 37000)} "
                    f"{ch('12')}:N:0:{idx}\n{dna(ln)}\n+\n{qual(ln)}")
    pre = ch(["first reads of the undetermined file, index looks swapped?", "zcat | head from lane 2:",
              "these are the reads that fail adapter trimming", "Voici les premières lectures :",
              "R1 の先頭です。クオリティが途中で落ちています"])
    return pre + "\n```\n" + "\n".join(recs) + "\n```"


def nb_fasta_protein():
    names = ["His6-TEV-GFP", "MBP-SUMO-Cas9n", "pET28a-lysozyme-mut3", "Fab-heavy-chain-v2", "nanobody-B7",
             "scFv-clone-41", "KRAS-G12C-1-169", "spike-RBD-319-541"]
    out = []
    for _ in range(ri(1, 3)):
        seq = protein(ri(80, 420))
        out.append(f">{ch(names)}|{eln_id()}|len={len(seq)}\n" + wrap(seq, 60))
    return ch(["construct sequences for the expression batch", "expected sequences, please check against the MS result",
               "sequências das construções (lote novo)"]) + "\n```\n" + "\n".join(out) + "\n```"


def nb_fasta_dna():
    acc = ch(GENBANK)
    seq = dna(ri(120, 600))
    return (f"pulled the region from {acc} for the primer design\n```\n>{acc}:{ri(1, 9000)}-{ri(9001, 29000)} "
            f"{ch(['amplicon', 'target region', 'insert', 'guide locus'])}\n{wrap(seq, 70)}\n```")


def nb_git_log():
    msgs = ["fix: bcl-convert path on new NovaSeq", "feat: add UMI dedup step", "chore: bump nf-core/rnaseq to 3.14.0",
            "ci: cache singularity images", "fix sample sheet v2 parsing of OverrideCycles", "docs: freezer import howto",
            "refactor LIMS push to async", "revert 'drop md5 validation'", "feat(lims): plate barcode regex for Echo plates"]
    lines = [f"{rhex(7) if R.random() < 0.6 else rhex(40)} {ch(msgs)}" for _ in range(ri(3, 9))]
    return "```\n$ git log --oneline -n " + str(len(lines)) + "\n" + "\n".join(lines) + "\n```"


def nb_docker_digest():
    imgs = ["quay.io/biocontainers/samtools:1.19.2--h50ea8bc_0", "quay.io/biocontainers/bwa-mem2:2.2.1--hd03093a_5",
            "nfcore/rnaseq:3.14.0", "ghcr.io/helix-rit/lims-sync:2.8.1", "broadinstitute/gatk:4.5.0.0",
            "quay.io/biocontainers/fastp:0.23.4--hadf994f_2", "ghcr.io/helix-rit/freezer-watch:0.9.3"]
    im = ch(imgs)
    d = rhex(64)
    return ch([
        f"pinned the image by digest in the pipeline config: `{im.split(':')[0]}@sha256:{d}`",
        f"```\n$ docker pull {im}\nDigest: sha256:{d}\nStatus: Downloaded newer image for {im}\n```",
        f"```\nsingularity cache: {im.replace('/', '-').replace(':', '_')}.sif  sha256.{d}\n```",
        f"container {im} → sha256:{d[:12]} (manifest list sha256:{rhex(64)})",
    ])


def nb_nextflow_log():
    procs = ["FASTQC", "TRIMGALORE", "STAR_ALIGN", "SALMON_QUANT", "MULTIQC", "SAMTOOLS_SORT", "PICARD_MARKDUPLICATES",
             "BCLCONVERT", "MOSDEPTH"]
    lines = [f"Launching `nf-core/{ch(['rnaseq', 'sarek', 'demultiplex', 'atacseq'])}` DSL2 - revision: {rhex(10)} [{ri(3, 3)}.{ri(0, 16)}.{ri(0, 3)}]",
             f"Session ID : {uuid4()}"]
    for _ in range(ri(3, 12)):
        p = ch(procs)
        lines.append(f"[{rhex(2)}/{rhex(6)}] process > NFCORE:{p} ({sample_id()}) [100%] {ri(1, 96)} of {ri(96, 96)} ✔")
    lines.append(f"work dir: /scratch/nf/work/{rhex(2)}/{rhex(30)}")
    return "```\n" + "\n".join(lines) + "\n```"


def nb_uuid_json():
    n = ri(2, 6)
    items = []
    for _ in range(n):
        items.append(f'    {{"id": "{uuid4()}", "barcode": "{plate_bc()}", "eln": "{eln_id()}", '
                     f'"location": "{freezer_pos()}", "rev": "{ri(1, 40)}-{rhex(32)}"}}')
    return ("LIMS API returns these for the plate query, which one is the real one?\n```json\n{\"data\": [\n" +
            ",\n".join(items) + f"\n], \"next_cursor\": \"{b64(json.dumps({'offset': ri(50, 900), 'ts': ri(1700000000, 1760000000)}).encode())}\"}}\n```")


def nb_conda_explicit():
    pk = [("bioconda", "samtools-1.19.2-h50ea8bc_0"), ("bioconda", "htslib-1.19.1-h81da01d_1"),
          ("conda-forge", "python-3.11.8-hab00c5b_0_cpython"), ("bioconda", "multiqc-1.21-pyhdfd78af_0"),
          ("conda-forge", "numpy-1.26.4-py311h64a7726_0"), ("bioconda", "star-2.7.11b-h43eeafb_1"),
          ("conda-forge", "openssl-3.2.1-hd590300_1"), ("bioconda", "salmon-1.10.3-h6dccd9a_2")]
    R.shuffle(pk)
    lines = ["# platform: linux-64", "@EXPLICIT"]
    for chn, p in pk[:ri(3, 8)]:
        lines.append(f"https://conda.anaconda.org/{chn}/linux-64/{p}.tar.bz2#{rhex(32)}")
    return "lockfile for the QC env (conda list --explicit --md5):\n```\n" + "\n".join(lines) + "\n```"


def nb_pip_hashes():
    pk = ["pysam==0.22.0", "biopython==1.83", "pandas==2.2.1", "benchling-sdk==1.10.0", "pyarrow==15.0.2",
          "scanpy==1.10.1", "anndata==0.10.6", "requests==2.31.0"]
    R.shuffle(pk)
    out = []
    for p in pk[:ri(2, 5)]:
        out.append(f"{p} \\\n    --hash=sha256:{rhex(64)} \\\n    --hash=sha256:{rhex(64)}")
    return "```\n# requirements.lock (pip-compile --generate-hashes)\n" + "\n".join(out) + "\n```"


def nb_ssh_pubkey():
    kt = ch(["ed25519", "rsa"])
    if kt == "ed25519":
        key = "ssh-ed25519 " + b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32))
    else:
        key = "ssh-rsa " + b64(b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00" + rbytes(256))
    host = ch(HOSTS)
    return ch([
        f"public key of the {ch(INSTRUMENTS)} control PC, add it to authorized_keys on {host} for the rsync job:\n```\n{key} {host}-rsync\n```",
        f"this is the *public* half, fine to paste:\n`{key} instrument-pc-{ri(1, 30):02d}`",
        f"Öffentlicher Schlüssel für den Upload-Account (nur public!):\n```\n{key} seq-upload\n```",
    ])


def nb_host_fingerprint():
    h = ch(HOSTS)
    ip = priv_ip()
    fp = b64(rbytes(32)).rstrip("=")
    return (f"expected fingerprint when you first ssh into {h} ({ip}):\n```\nED25519 key fingerprint is SHA256:{fp}.\n"
            f"RSA key fingerprint is SHA256:{b64(rbytes(32)).rstrip('=')}.\n```\nif you see something else, stop and ping #research-it")


def nb_cert():
    der = bytes.fromhex("308205") + rbytes(2) + bytes.fromhex("308204") + rbytes(ri(500, 700))
    pem = wrap(b64(der))
    return ch([f"CA cert for the internal LIMS endpoint (public, goes into the instrument PCs' trust store):\n```\n-----BEGIN CERTIFICATE-----\n{pem}\n-----END CERTIFICATE-----\n```",
               f"```\n-----BEGIN PUBLIC KEY-----\n{wrap(b64(bytes.fromhex('30820122300d06092a864886f70d01010105000382010f003082010a0282010100') + rbytes(256) + bytes.fromhex('0203010001')))}\n-----END PUBLIC KEY-----\n```\nverification key for the signed ELN exports"])


def nb_bam_header():
    rg = f"{flowcell('nova')}.{ri(1, 4)}"
    s = sample_id()
    lines = [f"@HD\tVN:1.6\tSO:coordinate", f"@SQ\tSN:chr{ri(1, 22)}\tLN:{ri(50000000, 248956422)}\tM5:{rhex(32)}\tUR:file:/ref/GRCh38.fa",
             f"@RG\tID:{rg}\tSM:{s}\tLB:{s}-lib{ri(1, 3)}\tPL:ILLUMINA\tPU:{rg}.{dna(8)}",
             f"@PG\tID:bwa-mem2\tPN:bwa-mem2\tVN:2.2.1\tCL:bwa-mem2 mem -t 32 -R @RG\\tID:{rg} ref.fa R1.fq.gz R2.fq.gz"]
    for _ in range(ri(1, 4)):
        ln = 151
        lines.append(f"{instrument('nova')}:{ri(1, 900)}:{flowcell('nova')}:{ri(1, 4)}:{ri(1101, 2678)}:{ri(1000, 32000)}:{ri(1000, 37000)}\t"
                     f"{ch([99, 147, 83, 163])}\tchr{ri(1, 22)}\t{ri(10000, 99999999)}\t60\t151M\t=\t{ri(10000, 99999999)}\t{ri(-500, 500)}\t{dna(ln)}\t{qual(ln)}")
    return "```\n$ samtools view -h sorted.bam | head\n" + "\n".join(lines) + "\n```"


def nb_vcf_contigs():
    lines = ["##fileformat=VCFv4.2", f"##reference=file:///ref/GRCh38_no_alt.fa"]
    for c in [str(i) for i in range(1, ri(4, 23))] + ["X", "Y", "M"][:ri(0, 3)]:
        lines.append(f"##contig=<ID=chr{c},length={ri(16569, 248956422)},assembly=GRCh38,md5={rhex(32)}>")
    return "the header md5s differ between the two references, that's why GATK complains:\n```\n" + "\n".join(lines) + "\n```"


def nb_refget():
    out = []
    for c in ["chr1", "chr2", "chrX", "chrM", "chr17"][:ri(2, 5)]:
        out.append(f"{c}\tSQ.{b64url(rbytes(24))}\tmd5:{rhex(32)}")
    return "refget digests (ga4gh sha512t24u) for the seqcol check:\n```\n" + "\n".join(out) + "\n```"


def nb_xxd_fcs():
    head = b"FCS3.1    " + f"{ri(58, 256):>8}{ri(3000, 9000):>8}{ri(9001, 99999):>8}{ri(10**5, 10**7):>8}".encode()
    data = head + rbytes(ri(16, 64))
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        hx = " ".join(chunk[i:i + 2].hex() for i in range(0, len(chunk), 2))
        asc = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{off:08x}: {hx:<40}  {asc}")
    return f"header of the FCS file the {ch(['Aurora', 'FACSymphony', 'CytoFLEX'])} wrote, the TEXT offsets look wrong:\n```\n" + "\n".join(lines) + "\n```"


def nb_sops():
    def enc(n):
        return f"ENC[AES256_GCM,data:{b64(rbytes(n))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]"
    return (f"encrypted values in the repo are fine, it's SOPS:\n```yaml\nlims:\n  db_password: {enc(ri(12, 24))}\n"
            f"  benchling_api_key: {enc(ri(30, 40))}\nsops:\n  kms:\n  - arn: arn:aws:kms:eu-central-1:{ri(10**11, 10**12 - 1)}:key/{uuid4()}\n"
            f"    enc: {b64(rbytes(ri(140, 180)))}\n  lastmodified: \"{ts()}Z\"\n  mac: {enc(32).replace('type:str', 'type:str')}\n  version: 3.8.1\n```")


def nb_dvc():
    return (f"```yaml\n# data/raw/{run_id()}.dvc\nouts:\n- md5: {rhex(32)}.dir\n  size: {ri(10**9, 10**12)}\n  nfiles: {ri(4, 400)}\n"
            f"  hash: md5\n  path: {run_id()}\n```\n{ch(['dvc pull should give you exactly this', 'DVC の md5 が一致しません', 'le md5 du dossier ne correspond pas'])}")


def nb_gzip_blob():
    blob = b64(gz_bytes(plate_map_csv().encode()))
    return ch([f"the LIMS stores the plate map in this field as gzip+base64, decode with `base64 -d | gunzip`:\n```\n{blob}\n```",
               f"`layout_blob` from the Echo transfer record:\n{blob}",
               f"El campo plate_layout viene comprimido (gzip, base64):\n```\n{wrap(blob, 76)}\n```"])


def nb_jwks():
    n = b64url(b"\xc1" + rbytes(255))
    return ("JWKS of the internal ELN IdP, public keys only (for the signature check in the lims-sync job):\n```json\n"
            f'{{"keys":[{{"kty":"RSA","use":"sig","kid":"{rhex(16)}","alg":"RS256","n":"{n}","e":"AQAB"}}]}}\n```')


def nb_mmcif():
    pdb = ch(PDB)
    seq = protein(ri(60, 300))[1:]
    return (f"from the {pdb} mmCIF, entity 1:\n```\n_entity_poly.entity_id                      1\n_entity_poly.type                           'polypeptide(L)'\n"
            f"_entity_poly.pdbx_seq_one_letter_code\n;{wrap(seq, 80)}\n;\n```")


def nb_primer_table():
    rows = ["name\tsequence (5'->3')\tTm\tGC%\tscale\tlot"]
    for i in range(ri(4, 14)):
        s = dna(ri(18, 28))
        gc = round(100 * sum(c in "GC" for c in s) / len(s), 1)
        rows.append(f"{ch(['TP53', 'GAPDH', 'ACTB', 'KRAS', 'EGFR', 'BRCA1', '16S', 'ITS1'])}_{ch('FR')}{i + 1}\t{s}\t"
                    f"{round(R.uniform(55, 66), 1)}\t{gc}\t{ch(['25nm', '100nm'])}\t{ri(100000000, 999999999)}")
    return "oligo order confirmation (IDT), pasting here for the ELN:\n```\n" + "\n".join(rows) + "\n```"


def nb_ansible_vault():
    hexblob = "\n".join(rhex(80) for _ in range(ri(3, 8)))
    return f"```yaml\nlims_db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n" + "\n".join("  " + l for l in hexblob.split("\n")) + "\n```\nthat's the vaulted value, you need the vault pass from the team safe to see it"


def nb_globus():
    return (f"Globus transfer finished, checksums verified:\n```\nTask ID: {uuid4()}\nLabel: {run_id()} to hpc\nStatus: SUCCEEDED\n"
            f"Files: {ri(10, 900)}  Bytes: {ri(10**10, 10**12)}\nVerify checksum: True (algorithm: md5)\nSource endpoint: {uuid4()}\nDest endpoint: {uuid4()}\n```")


def nb_tracing():
    lines = []
    for _ in range(ri(2, 6)):
        lines.append(json.dumps({"ts": ts() + "Z", "lvl": ch(["info", "warn"]), "svc": "lims-sync",
                                 "trace_id": rhex(32), "span_id": rhex(16), "msg": ch(["pushed plate", "retry upload", "sample merged"]),
                                 "barcode": plate_bc()}, ensure_ascii=False))
    return "```\n" + "\n".join(lines) + "\n```"


def nb_zenodo():
    files = [f"{ch(['counts_matrix', 'raw_reads', 'metadata', 'proteomics_search'])}.{ch(['h5ad', 'tar', 'csv.gz', 'zip'])}" for _ in range(ri(2, 5))]
    lines = [f"| {f} | {ri(1, 900)} MB | md5:{rhex(32)} |" for f in files]
    return f"Zenodo record {ri(1000000, 14999999)} (DOI 10.5281/zenodo.{ri(1000000, 14999999)}) files:\n| file | size | checksum |\n|---|---|---|\n" + "\n".join(lines)


def nb_ab1_hex():
    b = b"ABIF" + struct.pack(">H", 101) + b"tdir" + rbytes(ri(20, 40))
    return f"the .ab1 from the Sanger run starts like this (ABIF magic ok):\n`{b.hex()}`"


NB_TEMPLATES = [nb_md5_fastq, nb_sha256_manifest, nb_s3_head, nb_fastq, nb_fasta_protein, nb_fasta_dna, nb_git_log,
                nb_docker_digest, nb_nextflow_log, nb_uuid_json, nb_conda_explicit, nb_pip_hashes, nb_ssh_pubkey,
                nb_host_fingerprint, nb_cert, nb_bam_header, nb_vcf_contigs, nb_refget, nb_xxd_fcs, nb_sops, nb_dvc,
                nb_gzip_blob, nb_jwks, nb_mmcif, nb_primer_table, nb_ansible_vault, nb_globus, nb_tracing, nb_zenodo,
                nb_ab1_hex]


# ---- pii_lookalike_number -------------------------------------------------------
def np_matrix_tubes():
    n = ri(4, 20)
    rack = f"{ri(10000000, 99999999)}"
    lines = [f"{well()}\t{ri(10**9, 10**10 - 1):010d}" if R.random() < 0.7 else f"{well()}\tFR{ri(10**7, 10**8 - 1)}" for _ in range(n)]
    return (f"rack scan from the VisionMate, rack {rack} — LIMS rejects the 2D tube codes that start with 0:\n```\nPOS\tTUBE\n" +
            "\n".join(lines) + "\n```")


def np_reagent_lot():
    kit = ch(["NovaSeq 6000 S4 Reagent Kit v1.5 (300 cycles)", "NextSeq 1000/2000 P3 Reagents (200 Cycles)",
              "Illumina DNA Prep", "NEBNext Ultra II FS", "Qubit dsDNA HS Assay Kit", "KAPA HyperPrep",
              "Chromium Next GEM Single Cell 3' v3.1", "TapeStation D1000 ScreenTape"])
    return ch([
        f"{kit}: cat# {ri(20000000, 20099999)}, lot {ri(20000000, 29999999)}, exp {date(2025, 2026)}, box S/N RGT{ri(10**7, 10**8 - 1)}",
        f"Lotnummer {ri(100000, 9999999)} vom {kit} ist auf Sperrliste (Hersteller-Rückruf {ri(2024, 2025)}-{ri(100, 999)}), bitte nicht verwenden",
        f"lote {ch(['SLC', 'MKC', 'BCC'])}{ri(1000, 9999)} / ref. {ri(100000, 999999)}-{ri(10, 99)}G — {kit}, caduca {ri(1, 12):02d}/{ri(2025, 2027)}",
        f"{kit}\n  REF {ri(10**7, 10**8 - 1)}\n  LOT {ri(10**9, 10**10 - 1)}\n  SN  {ri(10**9, 10**10 - 1)}\n  USE BY {date(2025, 2026)}",
    ])


def np_featurecounts():
    lines = ["Geneid\tChr\tStart\tEnd\tStrand\tLength\t" + "\t".join(sample_id() for _ in range(3))]
    for _ in range(ri(4, 18)):
        st = ri(10**6, 2 * 10**8)
        lines.append(f"ENSG{ri(0, 300000):011d}\tchr{ri(1, 22)}\t{st}\t{st + ri(500, 90000)}\t{ch('+-')}\t{ri(500, 12000)}\t" +
                     "\t".join(str(ri(0, 250000)) for _ in range(3)))
    return "```\n" + "\n".join(lines) + "\n```"


def np_platereader_csv():
    sn = ri(10**6, 10**7 - 1)
    lines = [f"Software Version,{ri(3, 3)}.{ri(10, 14)}.{ri(1, 20)}", f"Reader Type:,Synergy H1", f"Reader Serial Number:,{sn}",
             f"Plate Number,{plate_bc()}", f"Date,{ri(1, 12)}/{ri(1, 28)}/{ri(2024, 2025)}", f"Time,{hm()}:{ri(10, 59)} {ch(['AM', 'PM'])}",
             "", "Well,Sample,A260,A280,260/280,ng/uL"]
    for w in wells96()[:ri(10, 28)]:
        a260 = round(R.uniform(0.05, 2.5), 4)
        a280 = round(a260 / R.uniform(1.6, 2.1), 4)
        lines.append(f"{w},{sample_id()},{a260},{a280},{round(a260 / a280, 3)},{round(a260 * 50 * ri(1, 10), 2)}")
    return "Gen5 export, the concentration column is off by 10x for half the plate:\n```csv\n" + "\n".join(lines) + "\n```"


def np_qpcr():
    lines = ["Well,Well Position,Sample,Target,Reporter,CT,Ct Mean,Quantity"]
    for i, w in enumerate(wells96()[:ri(8, 26)]):
        ct = "Undetermined" if R.random() < 0.1 else f"{R.uniform(14, 38):.3f}"
        lines.append(f"{i + 1},{w},{sample_id()},{ch(['GAPDH', 'N1', 'N2', 'RNaseP', 'IL6'])},FAM,{ct},{R.uniform(14, 38):.3f},{R.uniform(1, 1e6):.2f}")
    head = f"QuantStudio 7 Flex (SN {ri(278800000, 278899999)}), experiment {eln_id()}, run end {ts()}"
    return head + "\n```\n" + "\n".join(lines) + "\n```"


def np_freezer_log():
    sn = f"{ri(800000, 899999)}-{ri(1000, 9999)}"
    lines = [f"# ULT freezer {ri(1, 12):02d}, S/N {sn}, controller fw {fw_version()}"]
    t = ri(1711000000, 1760000000)
    for _ in range(ri(5, 20)):
        t += ri(60, 900)
        temp = round(R.uniform(-82.5, -60.0) if R.random() < 0.2 else R.uniform(-81.5, -78.0), 1)
        lines.append(f"{t},{temp},{ch(['OK', 'OK', 'OK', 'DOOR', 'HIGH_TEMP'])},{ri(0, 99)}")
    return "temperature log export (epoch,°C,state,door_s):\n```\n" + "\n".join(lines) + "\n```"


def np_po_invoice():
    cur = ch(["EUR", "USD", "CHF", "GBP"])
    amt = f"{ri(1, 99)},{ri(100, 999)}.{ri(0, 99):02d}" if cur != "EUR" else f"{ri(1, 99)}.{ri(100, 999)},{ri(0, 99):02d}"
    return ch([
        f"PO {ri(4500000000, 4599999999)} for the {ch(INSTRUMENTS)} service contract is approved, invoice {ri(90000000, 99999999)} ({amt} {cur}) can be matched now",
        f"Bestellung {ri(4500000000, 4599999999)}, Rechnung Nr. {ri(2024, 2025)}-{ri(100000, 999999)}, Betrag {amt} {cur}, Kostenstelle {ri(4000, 4999)}-{ri(100, 999)}",
        f"quote Q-{ri(100000, 999999)} rev {ri(1, 4)} / SAP PR {ri(10000000, 19999999)} / WBS R-{ri(10000, 99999)}-{ri(10, 99)}-{ri(10, 99)} — total {amt} {cur} incl. dry ice surcharge",
        f"発注番号 {ri(4500000000, 4599999999)}、請求書 {ri(10**9, 10**10 - 1)}、金額 ¥{ri(10, 9999):,}{ri(0, 999):03d}",
    ])


def np_tracking():
    return ch([
        f"dry ice shipment to the sequencing provider: FedEx {ri(1000, 9999)} {ri(1000, 9999)} {ri(1000, 9999)}, {ri(2, 12)} boxes, UN1845",
        f"samples left today, UPS 1Z{rstr(6, UPAL)}{ri(10, 99)}{ri(10**7, 10**8 - 1)}, please watch the temp logger ({ri(10**7, 10**8 - 1)})",
        f"DHL Express Waybill {ri(10**9, 10**10 - 1)} — Zoll hängt, Proforma-Rechnung {ri(100000, 999999)} fehlt",
        f"World Courier AWB {ri(100, 999)}-{ri(10**7, 10**8 - 1)}, shipper ref {sample_id()}, Cryoport dewar #{ri(1000, 9999)}",
    ])


def np_cas_list():
    picks = R.sample(CAS, ri(3, 10))
    lines = ["| reagent | CAS | cat# | lot | location |", "|---|---|---|---|---|"]
    for n, c in picks:
        lines.append(f"| {n} | {c} | {ch(['T1503', 'H3375', 'E5134', 'L3771', 'G5516', 'S9888', 'D8418'])}-{ch(['500G', '1KG', '100ML', '1L'])} | "
                     f"{ch(['SLCK', 'MKCR', 'BCBW', 'STBJ'])}{ri(1000, 9999)} | {ch(['RT cabinet 3', '4 °C room', 'flammables C2', freezer_pos()])} |")
    return "inventory for the buffer room, as of " + date(2024, 2025) + ":\n" + "\n".join(lines)


def np_asset_inventory():
    lines = ["hostname,ip,mac,instrument,serial,asset,fw"]
    for _ in range(ri(3, 12)):
        mac = ":".join(rhex(2) for _ in range(6))
        lines.append(f"{ch(HOSTS)}-{ri(1, 99)},{priv_ip()},{mac},{ch(INSTRUMENTS)},{ch(['', 'SN'])}{ri(10**5, 10**9)},"
                     f"AT{ri(100000, 999999)},{fw_version()}")
    return "instrument network inventory (VLAN " + str(ri(100, 999)) + "):\n```csv\n" + "\n".join(lines) + "\n```"


def np_genomic_coords():
    return ch([
        f"TP53 in GRCh38 is chr17:7,668,421-7,687,490, the variant at chr17:{ri(7668421, 7687490):,} is {ch(['R175H', 'R248Q', 'R273H'])}",
        f"coverage dips at chr{ri(1, 22)}:{ri(10**6, 2 * 10**8):,}-{ri(2 * 10**8, 2.4 * 10**8):,}, mean depth {ri(20, 90)}x vs {ri(100, 400)}x",
        f"liftover: hg19 chr{ri(1, 22)}:{ri(10**7, 9 * 10**7)} → hg38 chr{ri(1, 22)}:{ri(10**7, 9 * 10**7)}",
        f"sampling site for the soil metagenomes: {R.uniform(45, 55):.5f}, {R.uniform(5, 15):.5f} (plot {ri(1, 40)}, depth {ri(5, 30)} cm)",
    ])


def np_epoch_ms():
    t = ri(1700000000000, 1760000000000)
    lines = [f"{t + i * ri(1, 5000)}\t{ch(['STAR', 'FLUENT', 'BRAVO'])}\tstep {ri(1, 90)}\t{ch(['aspirate', 'dispense', 'tip pickup', 'tip eject'])}\t{R.uniform(1, 200):.1f} µL"
             for i in range(ri(3, 12))]
    return "liquid handler trace (epoch ms):\n```\n" + "\n".join(lines) + "\n```"


def np_run_metrics():
    return (f"{run_id('nova')} summary: clusters PF {ri(10**9, 9 * 10**9):,} ({ri(70, 85)}.{ri(0, 9)}%), yield {ri(800, 3000)}.{ri(0, 9)} Gb, "
            f"%≥Q30 {ri(85, 95)}.{ri(10, 99)}, phasing 0.{ri(100, 250)}/0.{ri(50, 150)}, occupied {ri(88, 98)}.{ri(0, 9)}%")


def np_versions():
    return ch([
        f"NovaSeq Control Software {ri(1, 1)}.{ri(7, 8)}.{ri(0, 3)}, RTA v{ri(3, 4)}.{ri(4, 9)}.{ri(0, 9)}, BCL Convert {ri(4, 4)}.{ri(0, 3)}.{ri(1, 9)}, DRAGEN {ri(4, 4)}.{ri(0, 3)}.{ri(1, 9)}",
        f"Hamilton VENUS {ri(4, 6)}.{ri(0, 1)}.{ri(0, 9)}.{ri(1000, 9999)} with firmware {fw_version()} on the STAR",
        f"Gen5 {ri(3, 3)}.{ri(10, 16)}.{ri(1, 20)} / Synergy H1 firmware {fw_version()} / Windows 10 build 19045.{ri(3000, 5000)}",
        f"MinKNOW {ri(23, 24)}.{ri(1, 11):02d}.{ri(1, 12)}, Dorado {ri(0, 0)}.{ri(4, 8)}.{ri(0, 3)}, flow cell FLO-PRO114M, kit SQK-LSK114",
        f"Opentrons robot server {ri(6, 7)}.{ri(0, 3)}.{ri(0, 2)}, API level 2.{ri(13, 20)}, pipette fw {ri(10, 30)}",
    ])


def np_tickets():
    return ch([
        f"ServiceNow INC{ri(10**6, 10**7 - 1):07d} / RITM{ri(10**6, 10**7 - 1):07d} for the LIMS outage, vendor case #{ri(10**7, 10**8 - 1)}",
        f"Illumina support case {ri(10**7, 10**8 - 1)} opened for the {ch(['NovaSeq', 'NextSeq 2000'])} fluidics error {ri(100, 999)}",
        f"Thermo service request SR {ri(1, 9)}-{ri(10**9, 10**10 - 1)} for the QuantStudio block, engineer visit {date(2025, 2025)}",
        f"Jira LIMS-{ri(100, 9999)} / RIT-{ri(100, 9999)} / change CHG{ri(10**6, 10**7 - 1):07d}",
    ])


def np_grants():
    return ch([
        f"charge the NovaSeq lane to grant {ch(['R01', 'R35', 'U01', 'P30'])}{ch(['GM', 'CA', 'HG', 'AI'])}{ri(100000, 999999)}-{ri(1, 9):02d}, cost object {ri(10**9, 10**10 - 1)}",
        f"Kostenstelle {ri(100000, 999999)}, Innenauftrag {ri(7000000000, 7999999999)}, DFG-Projektnr. {ri(100000000, 599999999)}",
        f"ERC grant agreement {ri(100000, 999999)}, WBS {ri(1000, 9999)}.{ri(100, 999)}.{ri(10, 99)}",
    ])


def np_samplesheet():
    lines = ["[Header]", "FileFormatVersion,2", f"RunName,{run_id('next')}", "InstrumentPlatform,NextSeq1k2k",
             "[Reads]", "Read1Cycles,151", "Read2Cycles,151", "Index1Cycles,10", "Index2Cycles,10",
             "[BCLConvert_Settings]", "SoftwareVersion,4.2.7", "[BCLConvert_Data]", "Sample_ID,Index,Index2"]
    for _ in range(ri(4, 20)):
        lines.append(f"{sample_id()},{dna(10)},{dna(10)}")
    return "SampleSheet v2 that fails validation:\n```\n" + "\n".join(lines) + "\n```"


def np_cal_cert():
    return ch([
        f"pipette calibration: Rainin L-{ch(['20', '200', '1000'])}XLS+, S/N {ch(['B', 'G', 'H'])}{ri(10**8, 10**9 - 1)}, cert no. {ri(2024, 2025)}-{ri(1000, 9999)}-{ri(1000, 9999)}, next due {date(2025, 2026)}",
        f"balance XPR205 S/N {ri(10**9, 10**10 - 1)} — ISO 17025 cert {ri(10**5, 10**6 - 1)}, deviation +{R.uniform(0, 0.2):.4f} mg at 200 g",
        f"centrifuge 5810R S/N {ri(5800, 5899)}{ri(10**5, 10**6 - 1)}, rotor A-4-81, PM done {date(2025, 2025)}, {ri(10000, 99999)} h",
    ])


def np_mass_spec():
    lines = ["scan\tRT(min)\tm/z\tcharge\tintensity"]
    for _ in range(ri(4, 14)):
        lines.append(f"{ri(1000, 99999)}\t{R.uniform(1, 120):.3f}\t{R.uniform(300, 1800):.4f}\t{ri(1, 5)}\t{R.uniform(1e4, 9e9):.3e}")
    return f"Exploris 480 SN {ch(['EXP', 'FSN'])}{ri(10000, 99999)}, raw file {plate_bc()}_{date().replace('-', '')}.raw:\n```\n" + "\n".join(lines) + "\n```"


def np_slack_ts():
    s = ri(1700000000, 1760000000)
    return ch([f"the alert message is https://helix-bio.slack.com/archives/C0{rstr(8, UPAL)}/p{s}{ri(100000, 999999)} (ts {s}.{ri(100000, 999999)})",
               f"thread_ts={s}.{ri(100000, 999999)} channel=C0{rstr(8, UPAL)} — the freezer bot replies to the wrong thread"])


def np_ibanlike():
    cc = ch(["DE", "NL", "ES", "GB", "FR"])
    parts = " ".join(rstr(4, UPAL) for _ in range(ri(3, 5)))
    return ch([f"shipment batch {cc}{ri(10, 99)} {parts} — customs wants it on the pro forma",
               f"EU biobank transfer id {cc}{ri(10, 99)}-{ri(1000, 9999)}-{ri(1000, 9999)}-{ri(100, 999)} (MTA {ri(2024, 2025)}/{ri(10, 999)})"])


def np_measurements():
    return ch([
        f"centrifuge at {ri(3000, 21000):,} × g for {ri(5, 30)} min, 4 °C; cells at {R.uniform(1, 9):.2f}e6/mL, viability {ri(85, 99)}.{ri(0, 9)}%",
        f"{R.uniform(0.1, 5):.2f} mg/mL BSA, OD600 {R.uniform(0.2, 1.5):.3f}, dilution 1:{ri(10, 100000):,}",
        f"Aurora acquisition: {ri(100000, 5000000):,} events, {ri(1000, 20000):,} events/s, threshold {ri(10000, 90000)} on FSC",
        f"cryo-EM dataset: {ri(5000, 40000):,} micrographs, pixel size 0.{ri(700, 999)} Å, dose {ri(40, 60)}.{ri(0, 9)} e⁻/Å², {ri(1000000, 9000000):,} particles",
    ])


def np_firmware_table():
    lines = ["| instrument | S/N | firmware | last update |", "|---|---|---|---|"]
    for _ in range(ri(3, 9)):
        lines.append(f"| {ch(INSTRUMENTS)} | {ch(['', 'SN', 'S/N '])}{ri(10**4, 10**9)} | {fw_version()} | {date(2023, 2025)} |")
    return "firmware audit before the GxP review:\n" + "\n".join(lines)


def np_version_ip_ambiguous():
    # deliberate: a 4-part firmware version whose shape is a public IPv4 address
    v = ch(["4.2.1.17", "5.1.0.25", "8.0.3.44", "2.13.0.41"])
    return (ch([f"Tecan Fluent firmware {v} breaks the barcode scanner, roll back to the previous build",
                f"Hamilton STAR master firmware {v} is the validated one per the CSV doc",
                f"Die Waschstation läuft mit Firmware {v}, bitte nicht updaten"]), v)


def np_private_ips():
    ip = priv_ip()
    return ch([
        f"the {ch(INSTRUMENTS)} is at {ip}:{ch([445, 22, 8443, 5000, 3389, 9100])} on the instrument VLAN, gateway {priv_ip()}, DNS {priv_ip()}",
        f"```\nPING {ch(HOSTS)} ({ip}) 56(84) bytes of data.\n64 bytes from {ip}: icmp_seq=1 ttl=63 time={R.uniform(0.2, 4):.2f} ms\n64 bytes from {ip}: icmp_seq=2 ttl=63 time={R.uniform(0.2, 4):.2f} ms\n```",
        f"firewall rule #{ri(100, 999)}: allow {priv_ip()}/{ch([24, 26, 28])} → {ip} tcp/{ri(1024, 65000)} (SMB for the sequencer output share)",
    ])


NP_TEMPLATES = [np_matrix_tubes, np_reagent_lot, np_featurecounts, np_platereader_csv, np_qpcr, np_freezer_log,
                np_po_invoice, np_tracking, np_cas_list, np_asset_inventory, np_genomic_coords, np_epoch_ms,
                np_run_metrics, np_versions, np_tickets, np_grants, np_samplesheet, np_cal_cert, np_mass_spec,
                np_slack_ts, np_ibanlike, np_measurements, np_firmware_table, np_private_ips]


# ---- data_uri_base64 ------------------------------------------------------------
def trunc(s, keep=None):
    if keep is None or len(s) <= keep:
        return s
    return s[:keep] + ch(["…", "...", f"[{len(s) - keep} more chars]", "…(truncated)"])


def du_label_html():
    uri = "data:image/png;base64," + b64(barcode_png())
    return (f"label template for the cryo tubes (Zebra → HTML preview in the LIMS):\n```html\n<div class=\"label\">\n"
            f"  <img class=\"bc\" alt=\"{sample_id()}\" src=\"{uri}\"/>\n  <span>{sample_id()} · {date()}</span>\n</div>\n```")


def du_jupyter():
    p = b64(png_bytes(ri(6, 14), ri(4, 10), gray=R.random() < 0.5))
    return ("notebook diff is huge because of the embedded plot output:\n```json\n"
            f'{{"output_type": "display_data", "data": {{"image/png": "{trunc(p, ch([None, 120, 200]))}", '
            f'"text/plain": ["<Figure size 640x480 with 1 Axes>"]}}, "metadata": {{}}}}\n```')


def du_eln_gel():
    p = b64(png_bytes(ri(8, 16), ri(6, 12)))
    return f"ELN export of {eln_id()} inlines the gel picture: `<img src=\"data:image/png;base64,{trunc(p, ri(60, 180))}\">` that's why the HTML is 14 MB"


def du_css_icon():
    svg = svg_plate()
    return (f"```css\n.plate-icon {{\n  width: 16px; height: 16px;\n  background: url(\"data:image/svg+xml;base64,{b64(svg.encode())}\") no-repeat center;\n}}\n"
            f".spinner {{ background-image: url(data:image/gif;base64,{b64(gif_1x1())}); }}\n```")


def du_markdown():
    p = b64(png_bytes(ri(4, 10), ri(4, 8), gray=False))
    return ch([f"![plate map](data:image/png;base64,{p})", f"preview ↓\n![qc-thumb](data:image/png;base64,{p})\n(Slack won't render it, sorry)",
               f"Miniatura del gel: ![gel](data:image/png;base64,{trunc(p, 90)})"])


def du_python_const():
    p = b64(png_bytes(ri(4, 8), ri(2, 6)))
    return (f"```python\n# lims_labels/assets.py\nLOGO_PNG_B64 = (\n" + "\n".join(f'    "{p[i:i + 72]}"' for i in range(0, len(p), 72)) +
            "\n)\n\ndef logo_bytes() -> bytes:\n    return base64.b64decode(LOGO_PNG_B64)\n```")


def du_zpl_z64():
    raw = bytes(ri(0, 255) for _ in range(ri(60, 200)))
    z = b64(zlib.compress(raw))
    crc = f"{binascii.crc_hqx(z.encode(), 0):04x}"
    return (f"ZPL for the logo on the rack labels:\n```\n^XA\n^FO20,20^GFA,{len(raw)},{len(raw)},{ri(4, 20)},:Z64:{z}:{crc}\n"
            f"^FO20,120^BCN,80,Y,N,N^FD{sample_id()}^FS\n^XZ\n```")


def du_mime_csv():
    csv = plate_map_csv().encode()
    enc = wrap(b64(csv), 76)
    pb = plate_bc()
    return (f"the instrument mails the export as an attachment, raw part:\n```\nContent-Type: text/csv; name=\"{pb}.csv\"\n"
            f"Content-Transfer-Encoding: base64\nContent-Disposition: attachment; filename=\"{pb}.csv\"\n\n{enc}\n```")


def du_pdf_json():
    pdf = b64(pdf_bytes(f"QC report {run_id()}"))
    return ("```json\n{\n  \"filename\": \"run_qc.pdf\",\n  \"mime\": \"application/pdf\",\n"
            f"  \"content_base64\": \"{trunc(pdf, ch([None, 160]))}\"\n}}\n```\nthat's the body the LIMS attachment endpoint expects")


def du_json_datauri():
    layout = json.dumps({"plate": plate_bc(), "format": 96, "controls": [well(), well()], "eln": eln_id()}).encode()
    return f"share link for the layout editor: `https://lims.internal/layout#data:application/json;base64,{b64(layout)}`"


def du_csv_download():
    csv = plate_map_csv().encode()
    return f"```html\n<a download=\"{plate_bc()}_export.csv\" href=\"data:text/csv;base64,{b64(csv)}\">Export CSV</a>\n```"


def du_woff2():
    blob = b64(b"wOF2\x00\x01\x00\x00" + rbytes(ri(200, 500)))
    return (f"```css\n@font-face {{\n  font-family: \"LIMS Mono\";\n  src: url(data:font/woff2;base64,{trunc(blob, ri(80, 200))}) format(\"woff2\");\n"
            f"  font-display: swap;\n}}\n```")


def du_svg_utf8():
    svg = svg_plate().replace("<", "%3C").replace(">", "%3E").replace('"', "'").replace("#", "%23")
    return f"```css\n.well-map {{ background: url(\"data:image/svg+xml;utf8,{svg}\"); }}\n```"


def du_eln_upload():
    p = b64(png_bytes(ri(3, 8), ri(3, 8)))
    return ("POST /api/v2/entries/{id}/attachments — body example from our wrapper:\n```json\n"
            f'{{"entryId": "{eln_id()}", "name": "western_{date()}.png", "data": "data:image/png;base64,{p}"}}\n```')


def du_rmd_html():
    p = b64(png_bytes(ri(5, 12), ri(5, 12)))
    return f"knitted report embeds everything (self_contained: true):\n```html\n<p><img src=\"data:image/png;base64,{trunc(p, ri(100, 260))}\" width=\"672\" /></p>\n```"


def du_xlsx():
    z = b64(zip_bytes("xl/worksheets/sheet1.xml", "<worksheet>" + "".join(f"<c r='{w}'/>" for w in wells96()[:ri(4, 20)]) + "</worksheet>"))
    return f"the plate reader API returns the xlsx as base64 (starts with UEsDB = PK zip):\n```\n{trunc(wrap(z, 76), ch([None, 300]))}\n```"


def du_plotly():
    n = ri(6, 24)
    arr = struct.pack(f"<{n}d", *[round(R.uniform(10, 40), 3) for _ in range(n)])
    return ("plotly 6 serialises arrays as typed binary now, the Ct plot JSON looks like:\n```json\n"
            f'{{"type": "scatter", "mode": "markers", "y": {{"dtype": "f8", "bdata": "{b64(arr)}"}}, "name": "{plate_bc()}"}}\n```')


def du_numpy_b64():
    n = ri(8, 40)
    arr = struct.pack(f"<{n}f", *[R.uniform(-1, 1) for _ in range(n)])
    return f"```python\nemb = np.frombuffer(base64.b64decode(\"{b64(arr)}\"), dtype=np.float32)  # ESM embedding, first {n} dims\n```"


def du_csp():
    if R.random() < 0.5:
        uri = "data:image/gif;base64," + b64(gif_1x1())
    else:
        uri = "data:image/png;base64," + b64(png_bytes(ri(2, 6), ri(2, 6)))
    page = ch(["LIMS", "ELN", "freezer dashboard", "Echo worklist editor", "OMERO web"])
    return (f"console on the {page} page:\n```\nRefused to load the image '{uri}' because it violates the following "
            f"Content Security Policy directive: \"img-src 'self' https://{ch(HOSTS)}.internal\".\n```")


def du_echo_decode():
    txt = ch([f"plate={plate_bc()};wells=96;layout=v{ri(1, 9)}", f"{sample_id()},{freezer_pos()}", f"run {run_id()} ok"]).encode()
    return f"```\n$ echo '{b64(txt)}' | base64 -d\n{txt.decode()}\n```"


def du_ab1():
    b = b64(b"ABIF" + struct.pack(">H", 101) + b"tdir" + rbytes(ri(40, 120)))
    return f"Sanger trace uploaded through the form arrives as `data:application/octet-stream;base64,{trunc(b, ri(40, 120))}` — is the ab1 intact? ABIF magic is there"


def du_multiline_yaml():
    p = b64(png_bytes(ri(4, 10), ri(2, 6)))
    return (f"```yaml\n# helm values for the LIMS portal\nbranding:\n  faviconDataUri: \"data:image/png;base64,{p}\"\n"
            f"  title: \"{ch(TEAMS)} LIMS\"\n```")


DU_TEMPLATES = [du_label_html, du_jupyter, du_eln_gel, du_css_icon, du_markdown, du_python_const, du_zpl_z64,
                du_mime_csv, du_pdf_json, du_json_datauri, du_csv_download, du_woff2, du_svg_utf8, du_eln_upload,
                du_rmd_html, du_xlsx, du_plotly, du_numpy_b64, du_csp, du_echo_decode, du_ab1, du_multiline_yaml]


def sysname():
    return ch([("BENCHLING", "benchling"), ("LIMS", "lims"), ("BASESPACE", "basespace"), ("ELN", "eln"),
               ("OMERO", "omero"), ("LABGURU", "labguru"), ("FREEZER_BOT", "freezer-watch"), ("GALAXY", "galaxy"),
               ("SEQ_INGEST", "seq-ingest"), ("CRYOEM_GW", "cryoem-gw"), ("QUARTZY", "quartzy")])


# ---- placeholder_example --------------------------------------------------------
def pe_env_example():
    keys = [("BENCHLING_API_KEY", ch(["<your-benchling-api-key>", "changeme", "sk_XXXXXXXXXXXXXXXX", ""])),
            ("BASESPACE_ACCESS_TOKEN", ch(["<paste token from bs auth>", "${BS_TOKEN}", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"])),
            ("LIMS_DB_URL", ch(["postgresql://<user>:<password>@lims-db02:5432/lims", "postgresql://USER:PASSWORD@localhost:5432/lims"])),
            ("AWS_ACCESS_KEY_ID", ch(["AKIAIOSFODNN7EXAMPLE", "<access-key-id>", "AKIAXXXXXXXXXXXXXXXX"])),
            ("AWS_SECRET_ACCESS_KEY", ch(["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "<secret-access-key>"])),
            ("SLACK_BOT_TOKEN", ch(["xoxb-your-bot-token", "xoxb-XXXXXXXXXXXX-XXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX"])),
            ("ANTHROPIC_API_KEY", ch(["sk-ant-api03-...", "<ANTHROPIC_API_KEY>", "sk-ant-xxxxxxxx"]))]
    R.shuffle(keys)
    body = "\n".join(f"{k}={v}" for k, v in keys[:ri(3, 7)])
    return f"`.env.example` for the lims-sync service — copy to `.env` and fill in locally, never commit the real one:\n```\n{body}\n```"


def pe_helm():
    U, l = sysname()
    return (f"```yaml\nenv:\n  - name: {U}_API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: {{{{ .Values.{l.replace('-', '')}.existingSecret }}}}\n"
            f"        key: {ch(['api-token', 'token', 'apiKey'])}\n  - name: {ch(['DB_PASSWORD', 'PGPASSWORD', 'MYSQL_PWD'])}\n"
            f"    value: {{{{ .Values.db.password | quote }}}}   # {ch(['set via --set-file, not here', 'comes from the sealed secret', 'CI injects it'])}\n```")


def pe_gha():
    return ch([
        "```yaml\n- name: Upload run to S3\n  env:\n    AWS_ACCESS_KEY_ID: ${{ secrets.SEQ_UPLOAD_AKID }}\n    AWS_SECRET_ACCESS_KEY: ${{ secrets.SEQ_UPLOAD_SECRET }}\n  run: aws s3 sync ./out s3://seqcore-raw/${{ env.RUN_ID }}/\n```",
        "```yaml\n      - uses: actions/checkout@v4\n        with:\n          token: ${{ secrets.NFCORE_PRIVATE_PAT }}   # ghp_... from the bot account\n```",
    ])


def pe_curl():
    return ch([
        f"```bash\ncurl -s -H \"Authorization: Bearer <TOKEN>\" \\\n  https://lims.internal/api/v2/plates/{plate_bc()} | jq .\n```",
        "```bash\ncurl -u \"$LIMS_USER:$LIMS_PASS\" https://lims.internal/api/samples?barcode=$BC\n```",
        "Beispiel aus dem Wiki: `curl -H 'X-Api-Key: YOUR_API_KEY_HERE' https://eln.internal/api/v1/entries`",
    ])


def pe_aws_docs():
    return (f"from the AWS docs, for the {ch(['workshop slides', 'onboarding wiki', 'seqcore runbook', 'HPC course'])} on uploading FASTQs to s3://{ch(['seqcore-raw', 'hts-archive', 'biobank-images'])}:\n"
            f"```\n$ aws configure{ch(['', ' --profile seq-upload', ' --profile hpc'])}\nAWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE\n"
            f"AWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nDefault region name [None]: {ch(['eu-central-1', 'us-east-1', 'eu-west-1', 'us-west-2'])}\n```\n"
            + ch(["these are the documented example values, don't panic", "(AWS example keys, not ours)", "Beispielwerte aus der AWS-Doku",
                  "valeurs d'exemple de la doc AWS"]))


def pe_nextflow():
    return (f"```groovy\naws {{\n    accessKey = secrets.{ch(['AWS_ACCESS_KEY_ID', 'SEQ_AKID', 'S3_KEY_ID'])}      // nextflow secrets set ...\n"
            f"    secretKey = secrets.{ch(['AWS_SECRET_ACCESS_KEY', 'SEQ_SECRET', 'S3_SECRET'])}\n    region    = '{ch(['eu-central-1', 'us-east-1', 'eu-west-1'])}'\n}}\n"
            f"tower {{\n    accessToken = \"${{TOWER_ACCESS_TOKEN}}\"\n    workspaceId = '{ri(10**13, 10**14 - 1)}'\n    enabled = {ch(['true', 'false'])}\n}}\n```")


def pe_masked_audit():
    return ch([
        f"LIMS audit trail: `{ts()} user=svc-lims field=db_password old=******** new=******** reason=\"rotation\"`",
        f"procurement card on file: VISA •••• {ri(1000, 9999)} (exp **/**), use it only through Coupa",
        f"the vendor portal shows the card as `**** **** **** {ri(1000, 9999)}` — that's all we need for the dry ice invoice",
        f"bank details on the supplier record are masked: IBAN DE** **** **** **** **{ri(10, 99)} {ri(10, 99)}",
        f"log line after the fix: `token=*** expires_in=3600 scope=runs:read` ✅",
    ])


def pe_onboarding_form():
    return ch([
        "HR onboarding template for the new lab techs (blank):\n```\nName: ______________\nSSN: XXX-XX-XXXX\nPhone: +1 (XXX) XXX-XXXX\nBadge #: ______\nLDAP: grp-____-rw\n```",
        "Formular Gerätezugang:\n```\nName:        ____________\nTelefon:     +49 XXX XXXXXXX\nIBAN (Reisekosten): DE__ ____ ____ ____ ____ __\nGruppe:      grp-seqcore-ro\n```",
        "フォームの例:\n```\n氏名: ＿＿＿＿\n電話: 0X0-XXXX-XXXX\n社員番号: XXXXXX\n```",
    ])


def pe_conn_templates():
    return ch([
        "```\nmongodb+srv://<username>:<password>@<cluster>.mongodb.net/freezer?retryWrites=true\n```\nfill in from the vault entry",
        "connection string format for the LIMS replica: `postgresql://USER:PASSWORD@lims-db02:5432/lims?sslmode=require`",
        "jdbc example from the STARLIMS guide: `jdbc:sqlserver://HOST:1433;databaseName=LIMS;user=<user>;password=<password>`",
        "```ini\n[database]\nhost = lims-db02\nuser = lims_ro\npassword = %(LIMS_RO_PASSWORD)s\n```",
    ])


def pe_vendor_prefix():
    return ch([
        "the ELN summariser reads `ANTHROPIC_API_KEY` — it looks like `sk-ant-api03-…`, get your own from the console",
        "OpenAI keys start with `sk-proj-...` now, if yours starts with `sk-...` only it's a legacy key, ask for a new one",
        "GitHub PAT for pulling the private nf-core fork: `ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX` (classic, repo scope) or `github_pat_...` fine-grained",
        "freezer-alarm bot uses a bot token (`xoxb-…`) not a user token (`xoxp-…`)",
        "token format in the docs: `xoxb-1234-5678-abcd` — obviously not real",
    ])


def pe_slack_webhook():
    return (f"Slack's docs example for the {ch(['freezer alert', 'run-complete', 'LN2 level', 'CO2 incubator'])} webhook:\n"
            "`https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`\n"
            + ch(["replace with the one from the app config page", "the real URL lives in Vault", "das echte steht im Vault"]))


def pe_vault_refs():
    return ch([
        "```yaml\nlims:\n  db_password: vault:secret/data/research-it/lims#db_password\n  benchling_key: op://Research-IT/Benchling API/credential\n```",
        "ESO resource:\n```yaml\nspec:\n  data:\n    - secretKey: basespace-token\n      remoteRef:\n        key: research-it/seqcore/basespace\n        property: token\n```",
        "CloudFormation: `MasterUserPassword: '{{resolve:secretsmanager:lims-db-master:SecretString:password}}'`",
    ])


def pe_pem_dots():
    return ch([
        "the instrument PC's key should look like\n```\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA...\n...\n-----END OPENSSH PRIVATE KEY-----\n```\nif it says RSA PRIVATE KEY instead, regenerate with ed25519",
        "```\n-----BEGIN PRIVATE KEY-----\n<contents of seq-upload.key>\n-----END PRIVATE KEY-----\n```",
    ])


def pe_ansible():
    U, l = sysname()
    v = l.replace("-", "_")
    return (f"```yaml\n- name: configure {U} connection\n  template:\n    src: {l}.conf.j2\n    dest: /etc/{l}/{l}.conf\n    mode: \"0600\"\n  vars:\n"
            f"    {v}_db_password: \"{{{{ vault_{v}_db_password }}}}\"\n    {v}_token: \"{{{{ lookup('env', '{U}_TOKEN') }}}}\"\n```")


def pe_defaults():
    return ch([
        "factory default on the plate reader's Gen5 secure edition is admin / admin — the CSV validation requires changing it at first login",
        "Opentrons OT-2 jupyter has no password by default, that's why it's on the isolated VLAN",
        "docker-compose for the dev LIMS: `POSTGRES_PASSWORD: postgres` — dev only, the real one is in Vault",
        "MinIO dev container defaults: `minioadmin:minioadmin`, do NOT expose it",
    ])


def pe_notebook():
    U, l = sysname()
    return (f"```python\n# ---- fill these in ----\n{U}_URL = \"https://{l}.internal\"\n{ch(['API_KEY', 'TOKEN', f'{U}_TOKEN'])} = \"{ch(['PASTE_YOUR_KEY_HERE', '<your token>', 'REPLACE_ME', 'TODO'])}\"   # never commit\n"
            f"PROJECT_ID = \"{ch(['src_XXXXXXXX', 'proj_XXXX', '<project id>'])}\"\n```")


def pe_redacted_logs():
    return ch([
        f"```\n{ts()} INFO  auth  login ok user=[REDACTED] ldap_group=grp-seqcore-rw\n{ts()} DEBUG lims  POST /api/samples Authorization: Bearer [FILTERED]\n```",
        f"{ts()} WARN basespace-cli: using token from ~/.basespace/default.cfg (value: <redacted>)",
        "support bundle from the vendor masks everything: `password=<hidden> apikey=<hidden> serial=" + str(ri(10**6, 10**7)) + "`",
    ])


def pe_terraform():
    U, l = sysname()
    v = l.replace("-", "_")
    return (f'```hcl\nvariable "{v}_db_password" {{\n  type      = string\n  sensitive = true\n  default   = ""\n}}\n\n'
            f'variable "{v}_api_key" {{\n  description = "set via TF_VAR_{v}_api_key in CI"\n  type        = string\n  sensitive   = true\n}}\n```')


def pe_compose():
    U, l = sysname()
    return (f"```yaml\nservices:\n  {l}-db:\n    image: postgres:{ri(13, 17)}\n    environment:\n      POSTGRES_USER: {l.replace('-', '_')}\n"
            f"      POSTGRES_PASSWORD: ${{POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}}\n  {ch(['freezer-watch', 'run-notifier', 'ln2-monitor'])}:\n    environment:\n"
            f"      SLACK_BOT_TOKEN: ${{SLACK_BOT_TOKEN}}\n      SLACK_SIGNING_SECRET: ${{SLACK_SIGNING_SECRET}}\n```")


def pe_jwt_snip():
    return ch(["the header is `Authorization: Bearer eyJhbGciOiJSUzI1NiIs...<snip>` and the LIMS says 401",
               "paste the JWT into jwt.io locally, not here — it starts with eyJ… and has three dot-separated parts"])


def pe_phone_placeholder():
    return ch([
        "freezer alarm escalation: on-call number is in PagerDuty, format +41 XX XXX XX XX, don't put personal numbers in the wiki",
        "el formulario pide el teléfono así: +34 6XX XXX XXX (móvil del laboratorio, no personal)",
        "contact: <on-call phone> / <team e-mail alias> — fill in per site",
    ])


def pe_example_table():
    U, l = sysname()
    return (f"| variable | example | notes |\n|---|---|---|\n| `{U}_URL` | `https://{l}.internal` | |\n"
            f"| `{U}_TOKEN` | `{ch(['xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx', '<uuid>', '••••••••'])}` | personal, from profile page |\n"
            f"| `BS_TOKEN` | `<32 hex chars>` | `bs auth` |\n| `S3_SECRET` | `{ch(['********', '<from vault>', '(sensitive)'])}` | from Vault |")


PE_TEMPLATES = [pe_env_example, pe_helm, pe_gha, pe_curl, pe_aws_docs, pe_nextflow, pe_masked_audit, pe_onboarding_form,
                pe_conn_templates, pe_vendor_prefix, pe_slack_webhook, pe_vault_refs, pe_pem_dots, pe_ansible,
                pe_defaults, pe_notebook, pe_redacted_logs, pe_terraform, pe_compose, pe_jwt_snip,
                pe_phone_placeholder, pe_example_table]


# ---- code_identifier ------------------------------------------------------------
def ci_python_client():
    cls = ch(["BenchlingClient", "LimsSession", "BaseSpaceUploader", "FreezerAlarmBot", "OmeroConnector", "EchoTransferClient"])
    U, l = sysname()
    return (f"```python\nclass {cls}:\n    def __init__(self, base_url: str, api_token: str | None = None):\n"
            f"        self._api_token = api_token or os.environ[\"{U}_API_TOKEN\"]\n        self._token_expires_at = 0.0\n\n"
            f"    def _refresh_access_token(self) -> None:\n        resp = self._http.post(\"/{ch(['oauth/token', 'api/v1/auth', 'token'])}\", data={{\"grant_type\": \"client_credentials\"}})\n"
            f"        self._access_token = resp.json()[\"access_token\"]\n        self._token_expires_at = time.time() + resp.json()[\"expires_in\"] - {ri(10, 120)}\n```")


def ci_py_traceback():
    mod = ch(["lims_sync", "eln_bridge", "bs_upload", "freezer_watch", "echo_import", "omero_ingest"])
    fn = ch(["push_plate", "sync_entries", "upload_run", "post_alarm", "import_transfer_log", "register_image"])
    call = ch([f"client.samples.update(sample_id, api_key=settings.{ch(['benchling_api_key', 'lims_api_key', 'eln_api_key'])})",
               f"session.post(url, headers=auth_headers(token=cfg.{ch(['access_token', 'bearer_token', 'service_token'])}))",
               f"bs.upload(run_dir, token_path=cfg.{ch(['token_path', 'basespace_token_file'])})",
               f"slack.chat_postMessage(channel=cfg.channel, token=cfg.{ch(['bot_token', 'slack_bot_token'])})"])
    exc = ch([("auth.TokenExpiredError", f"token expired at {ts()}"), ("requests.exceptions.HTTPError", f"401 Client Error: Unauthorized for url: https://{ch(HOSTS)}.internal/api/v{ri(1, 3)}/{ch(['samples', 'entries', 'runs'])}"),
              ("KeyError", f"'{ch(['LIMS_API_TOKEN', 'BASESPACE_ACCESS_TOKEN', 'SLACK_BOT_TOKEN', 'ELN_PASSWORD'])}'"),
              ("slack_sdk.errors.SlackApiError", "The request to the Slack API failed. (url: https://slack.com/api/chat.postMessage)\nThe server responded with: {'ok': False, 'error': 'invalid_auth'}")])
    return (f"```\nTraceback (most recent call last):\n  File \"/opt/{mod}/{mod}/main.py\", line {ri(40, 400)}, in {fn}\n"
            f"    {call}\n"
            f"  File \"/opt/{mod}/.venv/lib/python3.{ri(9, 12)}/site-packages/{ch(['benchling_sdk/helpers/retry_helpers.py', 'requests/models.py', 'slack_sdk/web/base_client.py', 'urllib3/connectionpool.py'])}\", line {ri(30, 900)}, in {ch(['wrapper', 'raise_for_status', 'api_call', 'urlopen'])}\n"
            f"    {ch(['return func(*args, **kwargs)', 'raise HTTPError(http_error_msg, response=self)', 'return self._perform_urllib_http_request(...)'])}\n"
            f"{exc[0]}: {exc[1]}\n```")


def ci_java_trace():
    frames = ["com.helixbio.lims.auth.TokenRefreshService.refreshAccessToken", "com.helixbio.lims.auth.PasswordPolicyValidator.validateMinLength",
              "com.helixbio.lims.instrument.CredentialStore.loadSecretForInstrument", "com.helixbio.lims.api.ApiKeyAuthFilter.doFilterInternal",
              "com.helixbio.lims.sample.SsnFieldMasker.maskDonorIdentifier", "com.helixbio.lims.billing.CardTokenizer.tokenizePaymentCard",
              "org.springframework.security.web.FilterChainProxy.doFilter", "org.apache.catalina.core.ApplicationFilterChain.internalDoFilter"]
    lines = []
    for _ in range(ri(4, 16)):
        f = ch(frames)
        lines.append(f"\tat {f}({f.split('.')[-2]}.java:{ri(20, 900)})")
    return ("```\n" + f"{ts()} ERROR [http-nio-8443-exec-{ri(1, 20)}] c.h.l.auth.TokenRefreshService - refresh failed\n"
            "com.helixbio.lims.auth.InvalidRefreshTokenException: refresh_token rejected by IdP (invalid_grant)\n" + "\n".join(lines) + "\n```")


def ci_sql_schema():
    t = ch(["instrument_credential", "service_account", "api_client", "vendor_portal_login"])
    return (f"```sql\nCREATE TABLE {t} (\n  id               bigserial PRIMARY KEY,\n  instrument_serial text NOT NULL,\n"
            f"  service_user      text NOT NULL,\n  password_hash     text NOT NULL,      -- {ch(['argon2id', 'bcrypt', 'scrypt'])}\n  api_key_last4     char(4),\n"
            f"  token_rotated_at  timestamptz,\n  vault_path        text\n);\nCREATE INDEX ON {t} (instrument_serial);\n```")


def ci_yaml_keys():
    U, l = sysname()
    return (f"```yaml\n{l.replace('-', '_')}:\n  token_file: /etc/{l}/{ch(['api.token', 'token', 'credentials.json'])}\n  token_refresh_interval_h: {ri(1, 48)}\n"
            f"  password_env: {U}_DB_PASSWORD\n  api_key_header: X-{ch(['LIMS', 'Api', 'ELN'])}-Api-Key\n  verify_tls: true\n"
            f"slack:\n  bot_token_env: {ch(['FREEZER_BOT_TOKEN', 'RUN_NOTIFIER_TOKEN', 'SLACK_BOT_TOKEN'])}\n  signing_secret_env: SLACK_SIGNING_SECRET\n```")


def ci_r_code():
    U, l = sysname()
    return (f"```r\nget_{l.replace('-', '_')}_key <- function() {{\n  key <- Sys.getenv(\"{U}_API_KEY\")\n  if (identical(key, \"\")) stop(\"{U}_API_KEY not set\")\n  key\n}}\n"
            f"resp <- httr::GET(url, httr::add_headers(Authorization = paste(\"Bearer\", get_{l.replace('-', '_')}_key())))\n```")


def ci_go_struct():
    st = ch(["SequencerCredentials", "LimsAuth", "VendorPortalLogin", "BaseSpaceConfig"])
    return (f"```go\ntype {st} struct {{\n\tAPIKey       string `json:\"api_key\"`\n\tAPISecret    string `json:\"api_secret\"`\n"
            f"\tRefreshToken string `json:\"refresh_token,omitempty\"`\n\tPasswordFile string `json:\"password_file\"`\n}}\n\n"
            f"func (c *{st}) Redacted() string {{\n\treturn fmt.Sprintf(\"api_key=%s…\", c.APIKey[:{ri(3, 6)}])\n}}\n```")


def ci_bash_read():
    U, l = sysname()
    h = ch(HOSTS)
    return (f"```bash\n#!/usr/bin/env bash\nread -r -s -p \"{U} password: \" {U}_PASSWORD; echo\nexport PGPASSWORD=\"${U}_PASSWORD\"\n"
            f"psql -h {h} -U \"$USER\" -c \"select count(*) from sample where plate_barcode like '{plate_bc()[:4]}%'\"\nunset PGPASSWORD {U}_PASSWORD\n```")


def ci_csharp():
    cl = ch(["InstrumentSession", "FluentWorklistClient", "VenusBridge", "QuantStudioExporter"])
    return (f"```csharp\npublic sealed class {cl} : IDisposable\n{{\n    private readonly SecureString _devicePassword;\n"
            f"    public string SerialNumber {{ get; init; }}\n    public bool ValidatePinCode(string pinCode) => _pinValidator.Check(pinCode);\n"
            f"    public void Dispose() => _devicePassword.Dispose();\n}}\n```")


def ci_powershell():
    g = ch(LDAP_GROUPS)
    return (f"```powershell\nGet-ADGroupMember -Identity \"{g}\" | Select-Object SamAccountName\n"
            f"$cred = Get-Credential -Message \"svc account for the instrument share\"\n"
            f"New-PSDrive -Name S -PSProvider FileSystem -Root \\\\nas-seq01\\runs -Credential $cred\n```")


def ci_terraform():
    u = ch(["seq_uploader", "minknow_sync", "cryoem_archiver", "lims_backup"])
    return (f'```hcl\nresource "aws_iam_access_key" "{u}" {{\n  user = aws_iam_user.{u}.name\n}}\n\n'
            f'resource "aws_secretsmanager_secret_version" "{u}" {{\n  secret_id     = aws_secretsmanager_secret.{u}_key.id\n'
            f'  secret_string = jsonencode({{ id = aws_iam_access_key.{u}.id, secret = aws_iam_access_key.{u}.secret }})\n}}\n```')


def ci_k8s():
    U, l = sysname()
    return (f"```yaml\n        env:\n          - name: PGPASSWORD\n            valueFrom:\n              secretKeyRef:\n                name: {l}-db-credentials\n"
            f"                key: password\n          - name: {U}_API_KEY\n            valueFrom:\n              secretKeyRef: {{name: {l}, key: api-key}}\n```")


def ci_django():
    return (f"```python\nSECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]\nAUTH_PASSWORD_VALIDATORS = [\n"
            f"    {{\"NAME\": \"django.contrib.auth.password_validation.MinimumLengthValidator\", \"OPTIONS\": {{\"min_length\": {ch([12, 14, 16])}}}}},\n"
            f"]\nSESSION_COOKIE_SECURE = True\n{ch(['LIMS', 'ELN', 'BIOBANK'])}_TOKEN_TTL_SECONDS = {ch([900, 1800, 3600, 7200])}\n```")


def ci_grep():
    files = ["pipelines/upload.nf", "lims_sync/auth.py", "scripts/rotate_bs_token.sh", "freezer_watch/bot.py", "conf/prod.config"]
    snips = ['token = read_token_file(cfg.token_path)', 'if not api_key:', 'secret_name = f"seqcore/{run_id}/s3"',
             'password_prompt()', 'headers["X-Api-Key"] = self.api_key', 'def rotate_token(vault_path):',
             'LIMS_PASSWORD = os.environ.get("LIMS_PASSWORD")', 'assert token_ttl > 0']
    lines = [f"{ch(files)}:{ri(3, 300)}:    {ch(snips)}" for _ in range(ri(3, 10))]
    return "```\n$ grep -rn -E 'token|api_key|secret|password' .\n" + "\n".join(lines) + "\n```\nnone of these are literals, all come from env/vault"


def ci_react():
    comp = ch(["PasswordField", "SecretInput", "TokenField"])
    return (f"```tsx\nconst [showPassword, setShowPassword] = useState(false);\nconst maskCardNumber = (pan: string) => pan.replace(/\\d(?=\\d{{4}})/g, \"{ch(['•', '*', 'X'])}\");\n"
            f"<{comp} label=\"{ch(['LIMS', 'ELN', 'Vendor portal'])} password\" type={{showPassword ? \"text\" : \"password\"}} autoComplete=\"current-password\" />\n```")


def ci_pydantic():
    m = ch(["DonorRecord", "ParticipantIntake", "BiobankConsent", "ShipmentContact"])
    return (f"```python\nclass {m}(BaseModel):\n    donor_code: str\n    ssn_hash: str | None = None        # sha256 + pepper, never the raw value\n"
            f"    phone_e164: SecretStr | None = None\n    email: SecretStr | None = None\n    {ch(['consent_form_id', 'visit_id', 'kit_barcode'])}: str\n```")


def ci_kv_logs():
    return "\n".join(f"{ts()} {ch(['INFO', 'DEBUG'])} {ch(['bs-upload', 'lims-sync', 'eln-bridge'])} token_expires_in={ri(60, 3600)} refresh_token_present={ch(['true', 'false'])} "
                     f"api_key_source={ch(['env', 'vault', 'file'])} password_auth={ch(['disabled', 'enabled'])}" for _ in range(ri(1, 6)))


def ci_sssd():
    g = ch(LDAP_GROUPS)
    return (f"```ini\n[domain/LAB]\nid_provider = ldap\nldap_uri = ldaps://ad01.lab.local\nldap_default_bind_dn = CN=svc-sssd,OU=Service,DC=lab,DC=local\n"
            f"ldap_default_authtok_type = obfuscated_password\nldap_access_filter = memberOf=CN={g},OU=Groups,OU=Research,DC=lab,DC=local\n"
            f"cache_credentials = true\n```")


def ci_iban_code():
    return (f"```python\ndef {ch(['iban_is_valid', 'validate_iban', 'check_supplier_iban'])}(iban: str) -> bool:\n    s = iban.replace(\" \", \"\").upper()\n    s = s[4:] + s[:4]\n"
            "    return int(\"\".join(str(int(c, 36)) for c in s)) % 97 == 1\n\ndef luhn_check(card_number: str) -> bool:\n    ...\n```\n"
            + ch(["procurement module validates supplier bank details before SAP import", "Lieferantendaten werden vor dem SAP-Import geprüft",
                  "validación de datos bancarios antes de importar a SAP"]))


def ci_regex():
    return (f"```python\nSSN_RE = re.compile(r\"\\b\\d{{3}}-\\d{{2}}-\\d{{4}}\\b\")\nPHONE_RE = re.compile(r\"\\+?\\d[\\d ()-]{{{ri(6, 9)},}}\\d\")\n"
            f"AWS_KEY_RE = re.compile(r\"AKIA[0-9A-Z]{{16}}\")\n# used by the {ch(['ELN export scrubber', 'LIMS comment sanitizer', 'Slack archive job'])} before data leaves the GxP zone\n```")


def ci_makefile():
    U, l = sysname()
    return (f"```make\nrotate-{l}-token:\n\t./scripts/rotate_token.sh --vault-path research-it/{ch(TEAMS)}/{l}\n\n"
            f"check-secrets:\n\t{ch(['gitleaks detect --no-git --redact -v', 'trufflehog filesystem . --only-verified', 'detect-secrets scan --baseline .secrets.baseline'])}\n```")


def ci_openapi():
    return (f"```yaml\ncomponents:\n  securitySchemes:\n    ApiKeyAuth:\n      type: apiKey\n      in: header\n      name: X-{ch(['LIMS', 'ELN', 'Biobank'])}-Api-Key\n"
            f"    BearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT\nsecurity:\n  - {ch(['ApiKeyAuth', 'BearerAuth'])}: []\n```")


def ci_nextflow_secret():
    p = ch(["UPLOAD_TO_BASESPACE", "PUSH_TO_LIMS", "ARCHIVE_TO_S3"])
    sec = ch(["BASESPACE_TOKEN", "LIMS_API_TOKEN", "AWS_SECRET_ACCESS_KEY"])
    return (f"```groovy\nprocess {p} {{\n    secret '{sec}'\n    input:\n      tuple val(meta), path(reads)\n"
            f"    script:\n    \"\"\"\n    {ch(['bs upload dataset --project ${params.bs_project}', 'lims-cli push --run ${meta.run}', 'aws s3 cp'])} ${{reads}}\n    \"\"\"\n}}\n```")


def ci_rust_error():
    return ("```\nerror[E0599]: no method named `expose_secret` found for struct `ApiToken` in the current scope\n"
            "  --> src/instrument/auth.rs:" + str(ri(10, 200)) + ":33\n   |\n   |     let hdr = format!(\"Bearer {}\", token.expose_secret());\n"
            "   |                                        ^^^^^^^^^^^^^ method not found in `ApiToken`\n```")


CI_TEMPLATES = [ci_python_client, ci_py_traceback, ci_java_trace, ci_sql_schema, ci_yaml_keys, ci_r_code, ci_go_struct,
                ci_bash_read, ci_csharp, ci_powershell, ci_terraform, ci_k8s, ci_django, ci_grep, ci_react, ci_pydantic,
                ci_kv_logs, ci_sssd, ci_iban_code, ci_regex, ci_makefile, ci_openapi, ci_nextflow_secret, ci_rust_error]


# ---- talk_about_secrets -----------------------------------------------------------
TALK = {
    "en": [
        "the BaseSpace token on the NovaSeq control PC expired again, can someone with the service account re-auth it?",
        "please don't paste the Benchling API key in this channel, DM it or better put it in Vault",
        "we rotated the S3 upload keys for the sequencer after the offboarding, old ones are deactivated",
        "is the LIMS password policy still 14 characters with rotation every 90 days or did GxP change that?",
        "the procurement card number was read out on a Zoom call, finance cancelled the card to be safe",
        "donor SSNs never go into the LIMS, only the pseudonymised donor code from the biobank system",
        "whoever has the freezer alarm phone tonight: the escalation numbers are in PagerDuty, not in the wiki",
        "the GitHub PAT the pipeline bot uses expires next week, I'll create a fine-grained one scoped to the nf-core fork",
        "we found an AWS key in an old Jupyter notebook on the shared drive, it was already inactive but we deleted it anyway",
        "vendor asked for our IBAN by email for the service contract refund — please verify by phone before anyone replies, classic fraud pattern",
        "the instrument PCs still have local admin passwords set by the vendor, IT will move them to LAPS this quarter",
        "reminder: personal phone numbers don't belong in the on-call spreadsheet, use the team pager",
        "does anyone know where the private key for the ELN signing certificate lives? it's not in the HSM inventory",
        "new OpenAI and Anthropic keys for the literature summariser are in the team vault, the old ones are revoked",
    ],
    "de": [
        "Das Passwort für den Servicezugang am Hamilton hat der Techniker wieder auf einen Zettel geschrieben, bitte entsorgen und neu setzen.",
        "Bitte keine API-Keys in den Kanal posten, auch nicht die für die Testumgebung.",
        "Der Slack-Bot für die Gefrierschrank-Alarme braucht ein neues Token, das alte wurde beim Workspace-Umzug widerrufen.",
        "Kreditkartendaten für Reagenzienbestellungen laufen ausschließlich über das Beschaffungsportal.",
        "Wer hat das SSH-Schlüsselpaar für den Upload-Account erzeugt? Der private Schlüssel muss vom Laptop runter.",
        "Die IBAN des Lieferanten steht im SAP, nicht in der Bestellmail.",
        "Ab Montag gilt MFA auch für den LIMS-Zugang von außen.",
    ],
    "fr": [
        "Le mot de passe du compte de service du séquenceur a expiré, le transfert des runs est bloqué depuis cette nuit.",
        "Merci de ne jamais coller de clé API dans Slack, même temporairement.",
        "On a révoqué le jeton BaseSpace de l'ancien stagiaire, il faut en générer un nouveau pour le pipeline.",
        "Le fournisseur demande nos coordonnées bancaires : on passe par le service achats, pas par mail.",
        "Les numéros de téléphone personnels n'ont rien à faire dans le tableau d'astreinte des congélateurs.",
        "La clé privée du certificat interne a été régénérée, l'ancienne est dans la liste de révocation.",
    ],
    "es": [
        "La contraseña del usuario de servicio del LIMS caduca el viernes, ¿quién la renueva?",
        "No compartáis tokens de acceso por Slack, usad el gestor de contraseñas del equipo.",
        "Encontramos una clave de AWS en un script antiguo del secuenciador; ya está desactivada.",
        "Los datos de la tarjeta corporativa no se envían por chat, solo por el portal de compras.",
        "¿Alguien sabe si la clave SSH del PC del citómetro se rotó después de la visita del técnico?",
        "Los números de la seguridad social de los donantes nunca se guardan en el LIMS.",
    ],
    "pt": [
        "O token do bot de alarmes dos freezers foi revogado, por isso as mensagens pararam ontem à noite.",
        "Não colem senhas no canal, nem as de teste.",
        "A chave de API do ELN vai para o cofre da equipe; quem precisar pede acesso ao grupo.",
        "O fornecedor pediu o número do cartão por telefone — não passem, o pedido tem de ir pelo portal.",
        "Vamos trocar as chaves de acesso ao bucket de dados brutos depois da auditoria.",
    ],
    "it": [
        "La password dell'account di servizio per il NAS del sequenziatore è scaduta, i trasferimenti sono fermi.",
        "Per favore non incollate chiavi API nei thread, nemmeno quelle di sviluppo.",
        "Abbiamo revocato il token GitHub del vecchio bot della pipeline.",
        "L'IBAN del fornitore va verificato al telefono prima di pagare la fattura del contratto di assistenza.",
        "Il certificato del server LIMS è stato rinnovato, la chiave privata nuova è solo sull'HSM.",
    ],
    "nl": [
        "Het wachtwoord van het service-account op de qPCR-pc is verlopen, daarom faalt de export naar de LIMS.",
        "Plak alsjeblieft geen tokens in dit kanaal, gebruik de kluis.",
        "De oude toegangssleutels voor de S3-bucket zijn ingetrokken na het vertrek van de postdoc.",
        "Telefoonnummers van collega's horen niet in het alarmrooster van de vriezers.",
        "Wie heeft de creditcard van de afdeling gebruikt voor die reagentia? Graag via het inkoopportaal.",
    ],
    "pl": [
        "Hasło do konta serwisowego sekwenatora wygasło w nocy, transfer danych stoi.",
        "Proszę nie wklejać kluczy API na kanale, nawet testowych.",
        "Token bota od alarmów zamrażarek trzeba wygenerować na nowo, stary został unieważniony.",
        "Dane karty firmowej podajemy tylko w portalu zakupowym, nigdy przez telefon.",
        "Numer konta dostawcy sprawdzamy telefonicznie przed pierwszą płatnością.",
    ],
    "sv": [
        "Lösenordet för tjänstekontot på sekvenseraren har gått ut, överföringen till NAS:en står still.",
        "Klistra inte in API-nycklar här, lägg dem i valvet.",
        "Vi har roterat åtkomstnycklarna till rådatabucketen efter revisionen.",
        "Personliga telefonnummer ska inte stå i jourlistan för frysarna.",
        "Den privata nyckeln till ELN-certifikatet ligger bara i HSM:en nu.",
    ],
    "ja": [
        "シーケンサーPCのサービスアカウントのパスワードが期限切れで、データ転送が止まっています。",
        "APIキーをこのチャンネルに貼らないでください。Vaultに保存してください。",
        "冷凍庫アラーム用Slackボットのトークンを再発行しました。古いものは失効済みです。",
        "試薬購入用のクレジットカード番号はチャットで共有しないでください。購買システム経由でお願いします。",
        "退職者のSSH鍵をHPCから削除しました。秘密鍵はもう使えません。",
        "個人の電話番号は当番表に書かないでください。",
    ],
    "zh": [
        "测序仪电脑上服务账号的密码过期了，数据传输从昨晚开始就停了。",
        "请不要在频道里粘贴 API 密钥，统一放到 Vault 里。",
        "冰箱报警机器人的令牌已经重新生成，旧的已吊销。",
        "试剂采购的信用卡信息只能在采购系统里填写，不要发在聊天里。",
        "供应商要求通过邮件提供银行账号，请先电话核实，这是常见的诈骗手法。",
        "上周在共享盘的旧脚本里发现了一个 AWS 访问密钥，已经停用并删除。",
    ],
    "ko": [
        "시퀀서 PC 서비스 계정 비밀번호가 만료되어 데이터 전송이 멈췄습니다.",
        "채널에 API 키를 붙여넣지 마세요. 팀 볼트에 저장해 주세요.",
        "냉동고 알람 봇 토큰을 재발급했고, 이전 토큰은 폐기했습니다.",
        "법인카드 번호는 채팅으로 공유하지 말고 구매 포털을 이용해 주세요.",
        "개인 전화번호는 당직표에 적지 말아 주세요.",
    ],
    "ru": [
        "Пароль сервисной учётной записи на ПК секвенатора истёк, передача данных остановилась.",
        "Пожалуйста, не вставляйте API-ключи в канал, храните их в Vault.",
        "Токен бота для тревог морозильников перевыпущен, старый отозван.",
        "Номер корпоративной карты не пересылаем в чате, только через портал закупок.",
        "Закрытый ключ сертификата ELN теперь хранится только в HSM.",
    ],
    "tr": [
        "Sekanslayıcı bilgisayarındaki servis hesabının şifresinin süresi doldu, veri aktarımı durdu.",
        "Lütfen API anahtarlarını kanala yapıştırmayın, kasaya koyun.",
        "Dondurucu alarm botunun token'ı yenilendi, eskisi iptal edildi.",
        "Tedarikçinin IBAN bilgisini ödeme öncesi telefonla teyit ediyoruz.",
    ],
}


def talk_plain():
    lang = ch(list(TALK))
    n = ri(1, min(4, len(TALK[lang])))
    sents = R.sample(TALK[lang], n)
    sep = " " if lang not in ("ja", "zh") else ""
    if R.random() < 0.3 and n > 1:
        return "\n".join("• " + s for s in sents)
    return sep.join(sents)


def talk_thread():
    lang = ch(list(TALK))
    a, b = R.sample(TALK[lang], 2)
    reply = ch(["+1", "done ✅", "ok, erledigt", "c'est fait", "hecho", "feito", "fatto", "gedaan", "zrobione", "klart", "対応しました",
                "已处理", "처리했습니다", "сделано", "tamam"])
    return f"> {a}\n{reply}\n> {b}"


def talk_runbook():
    what = ch(["an API key", "a BaseSpace token", "an AWS access key", "a Slack bot token", "an SSH private key", "a database password",
               "a GitHub token", "an ELN service password"])
    where = ch(["posted in chat", "committed to git", "shown on screen share", "printed in a CI log", "left in a notebook on the shared drive"])
    if R.random() < 0.4:
        return (f"Runbook: {ch(['API-Key', 'Token', 'Passwort', 'privater Schlüssel'])} geleakt ({where})\n1. Zuerst beim Anbieter widerrufen/rotieren\n"
                f"2. Zugriffslogs für das Zeitfenster prüfen\n3. Aus Git-Historie und Slack entfernen lassen\n4. Incident in ServiceNow anlegen, Kategorie '{ch(['Credential exposure', 'Security'])}'\n"
                f"5. Ticketnummer hier posten, niemals den Wert")
    steps = [f"revoke/rotate it at the provider first, then clean up", "check the provider's access logs for the exposure window",
             "purge it from git history and Slack (ask an admin to delete the message)",
             f"file the incident in ServiceNow, category '{ch(['Credential exposure', 'Security incident'])}'", "post the ticket number here, never the value",
             ch(["tell the data owner", "update the vault entry's rotation date", "add the pattern to the pre-commit hook"])]
    k = ri(3, len(steps))
    return f"runbook: leaked {what} ({where})\n" + "\n".join(f"{i + 1}. {x}" for i, x in enumerate(steps[:k]))


def talk_incident():
    return (f"**Incident summary {date(2024, 2025)}**\n- what: a service-account password for the {ch(INSTRUMENTS)} share was visible in a screenshot in #{ch(TEAMS)}\n"
            f"- impact: none found in the share access logs\n- actions: password changed, screenshot deleted, account moved to a managed identity\n"
            f"- follow-up: training slide on cropping screenshots 🙃")


def talk_faq():
    return ch([
        "**FAQ — can I send my bank details for reimbursement here?** No. Enter your IBAN in the HR self-service portal; nobody in research IT needs it.",
        "**Q:** the vendor engineer wants the instrument PC admin password over the phone. **A:** no — we unlock the account for the visit and reset it afterwards.",
        "**Q:** where do I put my phone number for the freezer alarm rota? **A:** in PagerDuty under your profile, it's not shown to the whole channel.",
        "**Q:** can the ELN store donor social security numbers? **A:** no, the consent system issues a donor code; the SSN stays with the clinical partner.",
    ])


def talk_mixed():
    l1, l2 = R.sample(list(TALK), 2)
    return ch(TALK[l1]) + "\n\n(" + ch(TALK[l2]) + ")"


def talk_scanner():
    return ch([
        "gitleaks flagged the FASTQ quality strings in the test fixtures as 'generic API key' again, we added a path allowlist instead of disabling the rule",
        "the DLP scanner thinks our 10-digit matrix tube barcodes are phone numbers, opened a ticket with security to tune it",
        "Der Secret-Scanner meldet die SHA256-Prüfsummen der Runs als mögliche Schlüssel, das ist ein Fehlalarm.",
        "la herramienta de DLP marca los números de lote como tarjetas de crédito, ya lo reportamos",
    ])


TALK_TEMPLATES = [talk_plain, talk_plain, talk_plain, talk_plain, talk_thread, talk_thread, talk_runbook, talk_incident,
                  talk_faq, talk_mixed, talk_mixed, talk_scanner]


INTROS = {
    "code_identifier": ["why does this throw?", "PR review please:", "this is what the vendor SDK does:", "snippet from lims-sync:",
                        "Warum schlägt das fehl?", "Est-ce que quelqu'un voit le problème ?", "¿alguien ve el error?", "alguém sabe por quê?",
                        "qualcuno ha idea?", "iemand een idee?", "ktoś wie o co chodzi?", "någon som vet?", "これで合っていますか？",
                        "这段代码有问题吗？", "이 코드 확인 부탁드려요", "кто-нибудь сталкивался?", "bunu bilen var mı?", "", "", "", ""],
    "placeholder_example": ["for the onboarding doc:", "from the README:", "template, fill in yourself:", "aus der Doku:",
                            "extrait du wiki :", "del manual:", "do guia:", "dalla guida:", "uit de handleiding:", "z dokumentacji:",
                            "från wikin:", "手順書より:", "文档示例：", "문서 예시:", "из инструкции:", "dokümandan:", "", "", "", ""],
}


def add_intro(cat, text):
    intro = ch(INTROS[cat])
    if not intro:
        return text
    return intro + ("\n" if "\n" in text else " ") + text


# ================================================================ POSITIVES
KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address",
         "github_classic_pat", "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password",
         "phone_number", "private_key_pem", "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]

URLSAFE = ALNUM + "-_.~!*"
PWCHARS = ALNUM + "!#%&*+-=?^_~"


def b62enc(n, width):
    s = ""
    while n:
        n, r = divmod(n, 62)
        s = B62[r] + s
    return s.rjust(width, "0")


def v_anthropic():
    return "sk-ant-api03-" + rstr(93, ALNUM + "-_") + "AA"


def v_akid():
    while True:
        v = ch(["AKIA", "AKIA", "AKIA", "ASIA"]) + rstr(16, string.ascii_uppercase + "234567")
        if "EXAMPLE" not in v:
            return v


def v_aws_secret():
    return rstr(40, ALNUM + "/+")


def v_card():
    brand = ch(["visa", "mc", "mc2", "amex", "disc"])
    pre, ln = {"visa": ("4", 16), "mc": (str(ri(51, 55)), 16), "mc2": (str(ri(2221, 2720)), 16),
               "amex": (ch(["34", "37"]), 15), "disc": ("6011", 16)}[brand]
    body = pre + "".join(str(ri(0, 9)) for _ in range(ln - len(pre) - 1))
    for c in "0123456789":
        if luhn_ok(body + c):
            num = body + c
            break
    style = ch(["plain", "space", "dash"])
    if style == "plain":
        return num
    sep = " " if style == "space" else "-"
    if ln == 15:
        return sep.join([num[:4], num[4:10], num[10:]])
    return sep.join(num[i:i + 4] for i in range(0, 16, 4))


FIRST = ["lena", "tomasz", "aiko", "rafael", "ines", "kwame", "sofia", "henrik", "priya", "mateo", "yuki", "olga",
         "jonas", "fatima", "marco", "chloe", "daniel", "mei", "arjun", "elif", "nora", "pablo", "sanne", "kenji"]
LAST = ["okafor", "brandt", "nakamura", "oliveira", "moreau", "mensah", "lindqvist", "haddad", "kowalczyk", "rinaldi",
        "van-dijk", "petrova", "yilmaz", "fischer", "santos", "kim", "park", "sorensen", "ortega", "chen", "varga"]
DOMAINS = ["helixbio.com", "helix-therapeutics.eu", "seqpartners.io", "biobank-nord.de", "gmail.com", "outlook.com",
           "uni-heidelberg.de", "labservice-tech.com", "illumicare-support.com", "proton.me", "inserm.fr", "ki.se"]


def v_email():
    f, l = ch(FIRST), ch(LAST)
    local = ch([f"{f}.{l}", f"{f[0]}{l}", f"{l}.{f}", f"{f}{ri(1, 99)}", f"{f}_{l}", f"{f[0]}.{l}"])
    return f"{local}@{ch(DOMAINS)}"


def v_ghp():
    r = rstr(30, B62)
    return "ghp_" + r + b62enc(zlib.crc32(r.encode()) & 0xFFFFFFFF, 6)


def v_ghfg():
    return "github_pat_11" + rstr(20, UPAL) + "_" + rstr(59, ALNUM)


def _iban(cc, bban):
    num = "".join(str(int(c, 36)) for c in bban + cc + "00")
    chk = 98 - int(num) % 97
    return f"{cc}{chk:02d}{bban}"


def v_iban():
    cc = ch(["DE", "GB", "NL", "AT", "CH", "PL", "BE", "FR"])
    d = lambda n: "".join(str(ri(0, 9)) for _ in range(n))
    if cc == "DE":
        bban = d(18)
    elif cc == "GB":
        bban = ch(["NWBK", "BARC", "LOYD", "HBUK", "MIDL"]) + d(14)
    elif cc == "NL":
        while True:
            acct = d(10)
            if sum(int(x) * (10 - i) for i, x in enumerate(acct)) % 11 == 0 and acct[0] != "0":
                break
        bban = ch(["ABNA", "INGB", "RABO", "TRIO", "SNSB"]) + acct
    elif cc == "AT":
        bban = d(16)
    elif cc == "CH":
        bban = d(17)
    elif cc == "PL":
        bban = d(24)
    elif cc == "BE":
        ten = d(10)
        c = int(ten) % 97 or 97
        bban = ten + f"{c:02d}"
    else:
        bank, branch, acct = d(5), d(5), d(11)
        key = 97 - (89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97
        bban = bank + branch + acct + f"{key:02d}"
    iban = _iban(cc, bban)
    assert iban_ok(iban)
    if R.random() < 0.5:
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban


def v_ipv4():
    while True:
        parts = (ri(1, 223), ri(0, 255), ri(0, 255), ri(1, 254))
        if is_public_ipv4(parts):
            return ".".join(map(str, parts))


def v_jwt():
    if R.random() < 0.5:
        hdr = {"alg": "HS256", "typ": "JWT"}
        sig = rbytes(32)
    else:
        hdr = {"alg": "RS256", "typ": "JWT", "kid": rhex(16)}
        sig = rbytes(256)
    now = ri(1710000000, 1760000000)
    pl = ch([
        {"sub": ch(["svc-lims-sync", "svc-eln-bridge", "seq-uploader"]), "iss": "https://auth.helixbio.internal", "aud": "lims-api",
         "iat": now, "exp": now + 3600, "scope": "samples:read plates:write"},
        {"sub": uuid4(), "tenant": "helix", "roles": ["seqcore-operator"], "iat": now, "exp": now + 86400},
        {"iss": "basespace", "sub": str(ri(10**6, 10**8)), "client_id": rhex(32), "iat": now, "exp": now + 7200},
    ])
    return b64url(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64url(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64url(sig)


def v_openai():
    a = ALNUM + "-_"
    return ch([lambda: "sk-proj-" + rstr(58, a) + "T3BlbkFJ" + rstr(58, a),
               lambda: "sk-" + rstr(20, ALNUM) + "T3BlbkFJ" + rstr(20, ALNUM),
               lambda: "sk-svcacct-" + rstr(58, a) + "T3BlbkFJ" + rstr(58, a)])()


def v_password():
    return ch([lambda: rstr(ri(12, 20), PWCHARS),
               lambda: f"{ch(['Plasmid', 'Tundra', 'Helix', 'Cobalt', 'Ribosome', 'Granite', 'Falcon', 'Nebula'])}{ch(['-', '_', '!', '.'])}"
                       f"{ch(['Otter', 'Kestrel', 'Lantern', 'Quasar', 'Marmot', 'Juniper'])}{ri(10, 9999)}{ch(['!', '#', '%', '?'])}",
               lambda: rstr(ri(4, 6), string.ascii_lowercase) + ch("!#%*") + rstr(ri(3, 5), string.digits) + rstr(ri(3, 6), string.ascii_uppercase)])()


def v_phone():
    n = lambda k: "".join(str(ri(0, 9)) for _ in range(k))
    return ch([
        lambda: f"+1 ({ch([617, 858, 650, 919, 206, 301, 857, 415])}) {ri(201, 989)}-{n(4)}",
        lambda: f"+1-{ch([617, 858, 650, 919, 206])}-{ri(201, 989)}-{n(4)}",
        lambda: f"+44 1223 {ri(200, 899)} {n(3)}",
        lambda: f"07{ri(400, 999)} {n(6)}",
        lambda: f"+49 6221 {ri(40, 99)} {n(4)}",
        lambda: f"+49 (0)89 {ri(2000, 9999)} {n(4)}",
        lambda: f"+33 6 {n(2)} {n(2)} {n(2)} {n(2)}",
        lambda: f"06-{ri(10000000, 99999999)}",
        lambda: f"090-{n(4)}-{n(4)}",
        lambda: f"+41 61 {ri(200, 999)} {n(2)} {n(2)}",
        lambda: f"+34 6{n(2)} {n(3)} {n(3)}",
        lambda: f"+39 3{n(2)} {n(3)} {n(4)}",
        lambda: f"+82 10-{n(4)}-{n(4)}",
    ])()


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der(tag, content):
    return bytes([tag]) + der_len(len(content)) + content


def der_int_bytes(nbytes):
    b = rbytes(nbytes)
    b = bytes([b[0] | 0x80]) + b[1:]
    return der(0x02, b"\x00" + b)


def v_pem():
    kind = ch(["ec", "ed25519", "rsa", "openssh"])
    if kind == "ec":
        body = der(0x30, der(0x02, b"\x01") + der(0x04, rbytes(32)) + bytes.fromhex("a00a06082a8648ce3d030107") +
                   der(0xA1, der(0x03, b"\x00\x04" + rbytes(64))))
        label, w = "EC PRIVATE KEY", 64
    elif kind == "ed25519":
        body = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        label, w = "PRIVATE KEY", 64
    elif kind == "rsa":
        body = der(0x30, der(0x02, b"\x00") + der_int_bytes(256) + der(0x02, b"\x01\x00\x01") + der_int_bytes(256) +
                   der_int_bytes(128) + der_int_bytes(128) + der_int_bytes(128) + der_int_bytes(128) + der_int_bytes(128))
        label, w = "RSA PRIVATE KEY", 64
    else:
        s = lambda b: struct.pack(">I", len(b)) + b
        pub = rbytes(32)
        pubblob = s(b"ssh-ed25519") + s(pub)
        chk = rbytes(4)
        priv = chk + chk + s(b"ssh-ed25519") + s(pub) + s(rbytes(32) + pub) + s(ch([b"seq-upload", b"instrument-pc", b"lims-deploy"]))
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        body = b"openssh-key-v1\x00" + s(b"none") + s(b"none") + s(b"") + struct.pack(">I", 1) + s(pubblob) + s(priv)
        label, w = "OPENSSH PRIVATE KEY", 70
    b = wrap(b64(body), w)
    return b, label, kind


def v_slack_bot():
    return f"xoxb-{ri(10**9, 10**13 - 1)}-{ri(10**9, 10**13 - 1)}-{rstr(24, ALNUM)}"


def v_slack_user():
    return f"xoxp-{ri(10**9, 10**12 - 1)}-{ri(10**9, 10**13 - 1)}-{ri(10**9, 10**13 - 1)}-{rhex(32)}"


def v_urlcred():
    user = ch(["svc_seq", "lims_ro", "eln_bridge", "seqadmin", "freezerbot", "nfcore", "ingest", "bioinf"])
    pw = rstr(ri(12, 22), ALNUM + "-_.~")
    return user, pw


def v_ssn():
    while True:
        a = ri(1, 899)
        if a != 666:
            break
    return f"{a:03d}-{ri(1, 99):02d}-{ri(1, 9999):04d}"


# ---- positive templates: each returns the text; value must appear verbatim
P_TPL = {
    "anthropic_api_key": [
        lambda v: f"ANTHROPIC_API_KEY={v}",
        lambda v: f"key for the ELN summariser prototype, limited to $50/month: {v}",
        lambda v: f"```python\nclient = anthropic.Anthropic(api_key=\"{v}\")\nsummary = client.messages.create(model=MODEL, messages=[{{\"role\": \"user\", \"content\": eln_text}}])\n```",
        lambda v: f"Hier der Schlüssel für das Protokoll-Tool, bitte nach dem Hackathon löschen: `{v}`",
        lambda v: f"```yaml\nllm:\n  provider: anthropic\n  api_key: \"{v}\"\n  max_tokens: 2048\n```",
    ],
    "aws_access_key_id": [
        lambda v: f"the uploader on the NovaSeq PC uses access key `{v}`, the secret is in the vault entry 'seq-uploader'",
        lambda v: f"```\n[seqcore-upload]\naws_access_key_id = {v}\nregion = eu-central-1\n```",
        lambda v: f"CloudTrail shows `PutObject` on seqcore-raw from key id {v} at 03:12, is that the MinKNOW box?",
        lambda v: f"AWS_ACCESS_KEY_ID={v} aws s3 sync /data/runs s3://seqcore-raw/",
        lambda v: f"IAMユーザー seq-uploader のアクセスキーIDは {v} です。シークレットは別途送ります。",
    ],
    "aws_secret_access_key": [
        lambda v: f"secret for the seq-uploader user (the key id is in the ticket): {v}",
        lambda v: f"```\naws_secret_access_key = {v}\n```",
        lambda v: f"AWS_SECRET_ACCESS_KEY=\"{v}\"  # temporary, rotate after the migration",
        lambda v: f"La clave secreta del usuario de S3 para el citómetro es {v}",
    ],
    "credit_card": [
        lambda v: f"dry ice order keeps failing online, can someone call the supplier and give them the lab card {v}? exp 0{ri(1, 9)}/{ri(26, 29)}",
        lambda v: f"Karte für die Reagenzienbestellung: {v}, gültig bis {ri(1, 12):02d}/{ri(26, 29)}",
        lambda v: f"paid the conference registration for the core facility with {v}, receipt is in the shared folder",
        lambda v: f"tarjeta del departamento para el pedido urgente de anticuerpos: {v}",
        lambda v: f"```\nvendor,amount,card\nDry Ice Direct,{ri(90, 400)}.00,{v}\n```",
    ],
    "email_address": [
        lambda v: f"please add {v} to {ch(LDAP_GROUPS)}, new postdoc starting Monday",
        lambda v: f"the field engineer for the {ch(INSTRUMENTS)} is reachable at {v}",
        lambda v: f"```\nusername,email,group\n{v.split('@')[0].replace('.', '_')},{v},{ch(LDAP_GROUPS)}\n```",
        lambda v: f"Ansprechpartnerin beim Sequenzierdienstleister: {v}",
        lambda v: f"git commit author is wrong on the pipeline repo: `Author: {v}`",
        lambda v: f"配送の件は {v} に連絡してください",
    ],
    "github_classic_pat": [
        lambda v: f"use my PAT until the bot account is approved: {v}",
        lambda v: f"```\ngit clone https://oauth2:$TOKEN@github.com/helix-rit/nf-pipelines.git\n# TOKEN={v}\n```",
        lambda v: f"export NXF_GITHUB_TOKEN={v}  # so nextflow can pull the private fork",
        lambda v: f"El token de GitHub del runner del clúster: {v}",
    ],
    "github_fine_grained_pat": [
        lambda v: f"fine-grained token, read-only on helix-rit/lims-sync: {v}",
        lambda v: f"```yaml\ngithub:\n  token: {v}\n  repo: helix-rit/freezer-watch\n```",
        lambda v: f"GH_TOKEN={v} gh release download v2.8.1 -R helix-rit/lims-sync",
        lambda v: f"Token für den Deploy-Job (läuft in 30 Tagen ab): {v}",
    ],
    "iban": [
        lambda v: f"refund from the service contract goes to {v}, please forward to finance",
        lambda v: f"Bankverbindung des Kühlkettenlogistikers: IBAN {v}",
        lambda v: f"le fournisseur de plaques a changé de banque, nouvel IBAN : {v}",
        lambda v: f"voor de terugbetaling van de cursus: {v}",
        lambda v: f"```\nsupplier;iban;amount\nCryoLogistics;{v};{ri(100, 9000)},{ri(10, 99)}\n```",
        lambda v: f"numer rachunku do zwrotu za szkolenie: {v}",
    ],
    "ipv4_address": [
        lambda v: f"the vendor's remote support connects from {v}, please allowlist it for the {ch(INSTRUMENTS)} VLAN for Thursday",
        lambda v: f"```\nsshd[{ri(1000, 99999)}]: Failed password for invalid user admin from {v} port {ri(1024, 65535)} ssh2\n```\nthat's hitting hpc-login2 all night",
        lambda v: f"Globus endpoint of the sequencing provider resolves to {v}",
        lambda v: f"Firewall-Freigabe: {v}/32 → nas-seq01 tcp/22 (Datenlieferung vom Dienstleister)",
        lambda v: f"la instancia del visor de imágenes está en {v}, puerto 4080",
    ],
    "jwt": [
        lambda v: f"this is the token the LIMS UI sends, and the API still returns 403:\n```\nAuthorization: Bearer {v}\n```",
        lambda v: f"```python\nheaders = {{\"Authorization\": \"Bearer {v}\"}}\nrequests.get(f\"{{LIMS}}/api/v2/plates\", headers=headers)\n```",
        lambda v: f"token from the browser devtools (eln session): {v}",
        lambda v: f"La cookie de session de l'ELN : `session={v}`",
    ],
    "openai_api_key": [
        lambda v: f"OPENAI_API_KEY={v}",
        lambda v: f"key for the protocol-to-JSON converter, project 'eln-tools': {v}",
        lambda v: f"```python\nclient = OpenAI(api_key=\"{v}\")\n```",
        lambda v: f"Chave da OpenAI pro teste do assistente de bancada: {v}",
    ],
    "password": [
        lambda v: f"local admin on the qPCR PC is `labadmin`, password {v}",
        lambda v: f"```\nServer=lims-db02;Database=LIMS;User Id=lims_app;Password={v};Encrypt=True;\n```",
        lambda v: f"```properties\nspring.datasource.url=jdbc:postgresql://lims-db02:5432/lims\nspring.datasource.username=lims_app\nspring.datasource.password={v}\n```",
        lambda v: f"sudo mount -t cifs //nas-seq01/runs /mnt/runs -o username=svc_seq,password={v},vers=3.0",
        lambda v: f"Passwort für den Gerätezugang am Cytek: {v} (bitte nicht weitergeben)",
        lambda v: f"サービスアカウント svc-qpcr のパスワードは {v} です",
        lambda v: f"PGPASSWORD='{v}' psql -h lims-db02 -U lims_ro lims",
    ],
    "phone_number": [
        lambda v: f"freezer alarm tonight goes to my mobile: {v}",
        lambda v: f"field engineer for the NovaSeq, direct line {v}",
        lambda v: f"Rufnummer des Bereitschaftsdienstes für die LN2-Versorgung: {v}",
        lambda v: f"si el congelador -80 vuelve a pitar llamadme al {v}",
        lambda v: f"冷凍庫のアラーム当番の携帯: {v}",
        lambda v: f"```\ninstrument,contact,phone\n{ch(INSTRUMENTS)},service desk,{v}\n```",
    ],
    "private_key_pem": [
        lambda v, lab: f"key for the rsync user on the sequencer PC:\n```\n-----BEGIN {lab}-----\n{v}\n-----END {lab}-----\n```",
        lambda v, lab: f"-----BEGIN {lab}-----\n{v}\n-----END {lab}-----",
        lambda v, lab: f"cat > ~/.ssh/seq_upload <<'EOF'\n-----BEGIN {lab}-----\n{v}\n-----END {lab}-----\nEOF\nchmod 600 ~/.ssh/seq_upload",
        lambda v, lab: f"Der Schlüssel für das ELN-Signaturzertifikat:\n-----BEGIN {lab}-----\n{v}\n-----END {lab}-----",
    ],
    "slack_bot_token": [
        lambda v: f"FREEZER_BOT_TOKEN={v}",
        lambda v: f"the freezer-watch bot token, reinstalled the app today: {v}",
        lambda v: f"```python\napp = App(token=\"{v}\", signing_secret=os.environ[\"SLACK_SIGNING_SECRET\"])\n```",
        lambda v: f"Token du bot des alarmes congélateurs : {v}",
    ],
    "slack_user_token": [
        lambda v: f"I used my user token for the channel export script: {v}",
        lambda v: f"```\ncurl -H 'Authorization: Bearer {v}' https://slack.com/api/conversations.history?channel=C0{rstr(8, UPAL)}\n```",
        lambda v: f"SLACK_USER_TOKEN={v}  # for the archive job",
        lambda v: f"Mein User-Token für das Export-Skript: {v}",
    ],
    "url_credentials": [
        lambda u, p: (f"DATABASE_URL=postgresql://{u}:{p}@lims-db02:5432/lims", f"{u}:{p}"),
        lambda u, p: (f"```\nmongodb+srv://{u}:{p}@freezer-inventory.{rstr(5, string.ascii_lowercase)}.mongodb.net/inventory\n```", f"{u}:{p}"),
        lambda u, p: (f"the old instrument FTP still works: ftp://{u}:{p}@ftp.labservice-tech.com/uploads/", f"{u}:{p}"),
        lambda u, p: (f"CELERY_BROKER_URL=amqps://{u}:{p}@mq.helixbio.internal:5671/lims", f"{u}:{p}"),
        lambda u, p: (f"REDIS_URL=redis://:{p}@cache.helixbio.internal:6379/0", p),
        lambda u, p: (f"pip install --index-url https://{u}:{p}@nexus.helixbio.internal/repository/pypi/simple lims-sdk", f"{u}:{p}"),
    ],
    "us_ssn": [
        lambda v: f"background check for the BSL-3 badge needs the SSN, here it is: {v}",
        lambda v: f"```\ndonor_code,age,sex,ssn\nD-{ri(1000, 9999)},{ri(20, 80)},{ch('MF')},{v}\n```\nwhy is there an SSN column in the biobank import?!",
        lambda v: f"payroll asks me to confirm the new lab tech's SSN: {v}",
        lambda v: f"I-9 for the summer intern, SSN {v}, start date next Monday",
    ],
}

ENV_KEYS = {
    "anthropic_api_key": "ANTHROPIC_API_KEY", "aws_access_key_id": "AWS_ACCESS_KEY_ID", "aws_secret_access_key": "AWS_SECRET_ACCESS_KEY",
    "github_classic_pat": "GITHUB_TOKEN", "github_fine_grained_pat": "GH_TOKEN", "openai_api_key": "OPENAI_API_KEY",
    "password": "LIMS_DB_PASSWORD", "slack_bot_token": "SLACK_BOT_TOKEN", "slack_user_token": "SLACK_USER_TOKEN", "jwt": "LIMS_SESSION_JWT",
    "email_address": "ALERT_MAIL_TO", "ipv4_address": "VENDOR_SUPPORT_IP", "phone_number": "ONCALL_PHONE", "iban": "REFUND_IBAN",
}


def make_secret(kind):
    """Returns (value, text)."""
    if kind == "private_key_pem":
        v, lab, _ = v_pem()
        return v, ch(P_TPL[kind])(v, lab), P_TPL[kind]
    if kind == "url_credentials":
        u, p = v_urlcred()
        text, v = ch(P_TPL[kind])(u, p)
        return v, text, None
    gen = {"anthropic_api_key": v_anthropic, "aws_access_key_id": v_akid, "aws_secret_access_key": v_aws_secret,
           "credit_card": v_card, "email_address": v_email, "github_classic_pat": v_ghp, "github_fine_grained_pat": v_ghfg,
           "iban": v_iban, "ipv4_address": v_ipv4, "jwt": v_jwt, "openai_api_key": v_openai, "password": v_password,
           "phone_number": v_phone, "slack_bot_token": v_slack_bot, "slack_user_token": v_slack_user, "us_ssn": v_ssn}[kind]
    v = gen()
    return v, None, None


def single_text(kind, v, pre):
    if pre is not None:
        return pre
    return ch(P_TPL[kind])(v)


PAIR_INTROS = ["two things for the handover doc:", "setup notes for the new sequencer PC:", "Übergabe für die Vertretung:",
               "pour la personne d'astreinte :", "notas para la migración del LIMS:", "引き継ぎメモ:", "交接说明：",
               "from the old wiki page (moving it to Vault today):", "notities voor de nieuwe beheerder:"]


def pair_text(k1, v1, t1, k2, v2, t2):
    if t1 is None and t2 is None and k1 in ENV_KEYS and k2 in ENV_KEYS and R.random() < 0.6:
        q = lambda v: f'"{v}"' if " " in v else v
        return f"{ch(['.env on seq-ingest01:', 'current prod env, please move to Vault:', 'Inhalt der .env auf lims-app01:'])}\n```\n{ENV_KEYS[k1]}={q(v1)}\n{ENV_KEYS[k2]}={q(v2)}\n```", "env"
    a = single_text(k1, v1, t1)
    b = single_text(k2, v2, t2)
    return f"{ch(PAIR_INTROS)}\n{a}\n\n{b}", "chat"


def pos_checks(kind, v):
    if kind == "credit_card":
        assert luhn_ok(re.sub(r"\D", "", v)), v
    elif kind == "iban":
        assert iban_ok(v), v
    elif kind == "us_ssn":
        a, g, s = v.split("-")
        assert a not in ("000", "666") and not a.startswith("9") and g != "00" and s != "0000", v
    elif kind == "ipv4_address":
        assert is_public_ipv4(tuple(int(x) for x in v.split("."))), v
    elif kind == "jwt":
        for part in v.split(".")[:2]:
            json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
    elif kind == "private_key_pem":
        base64.b64decode(v.replace("\n", ""), validate=True)
    elif kind == "aws_access_key_id":
        assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v)
    elif kind == "aws_secret_access_key":
        assert len(v) == 40
    elif kind == "anthropic_api_key":
        assert v.startswith("sk-ant-api03-") and len(v) == 108
    elif kind == "github_classic_pat":
        assert len(v) == 40
    elif kind == "github_fine_grained_pat":
        assert len(v) == 93


# ================================================================ MAIN
def build_negatives():
    cats = [("non_credential_blob", NB_TEMPLATES), ("pii_lookalike_number", NP_TEMPLATES),
            ("data_uri_base64", DU_TEMPLATES), ("placeholder_example", PE_TEMPLATES),
            ("code_identifier", CI_TEMPLATES), ("talk_about_secrets", TALK_TEMPLATES)]
    seen = set()
    out = []
    stats = {"redrawn": 0, "dupes": 0, "near_dupes": 0}
    cores = {}
    usage = {c: {} for c, _ in cats}
    for cat, tpls in cats:
        recs = []
        if cat == "pii_lookalike_number":
            for _ in range(2):
                for _try in range(50):
                    text, allow = np_version_ip_ambiguous()
                    text = dress(text)
                    if text not in seen and not scan(text, allow_ipv4=(allow,)):
                        break
                seen.add(text)
                recs.append({"text": text, "category": cat, "_allow": allow})
        cap = -(-100 // len(tpls)) + 2
        queue, added_this_pass = [], 0
        while len(recs) < 100:
            if not queue:
                if added_this_pass == 0 and recs:
                    cap += 1  # nobody could add: let templates with more variety take more slots
                queue = list(tpls)
                R.shuffle(queue)
                added_this_pass = 0
            tpl = queue.pop()
            if usage[cat].get(tpl.__name__, 0) >= cap:
                continue
            for _try in range(12):
                text = tpl()
                prior = cores.setdefault(tpl.__name__, [])
                if any(difflib.SequenceMatcher(None, text, p, autojunk=False).ratio() > (0.8 if cat == "talk_about_secrets" else SIM_MAX) for p in prior):
                    stats["near_dupes"] += 1
                    continue
                core = text
                if cat in INTROS and R.random() < 0.75:
                    text = dress(add_intro(cat, text), p_lead=0.0)
                else:
                    text = dress(text)
                if text.count("\n") + 1 > 40:
                    continue
                if text in seen:
                    stats["dupes"] += 1
                    continue
                if scan(text):
                    stats["redrawn"] += 1
                    continue
                break
            else:
                continue
            seen.add(text)
            prior.append(core)
            usage[cat][tpl.__name__] = usage[cat].get(tpl.__name__, 0) + 1
            added_this_pass += 1
            recs.append({"text": text, "category": cat})
        out += recs
    R.shuffle(out)
    for n, r in enumerate(out, 1):
        r["id"] = f"h19n-{n:04d}"
    stats["usage"] = usage
    return out, stats


def build_positives():
    doubles = set(R.sample(range(150), 20))
    k = 0
    out = []
    for i in range(150):
        if i in doubles:
            k1, k2 = KINDS[k % 18], KINDS[(k + 1) % 18]
            k += 2
            v1, t1, _ = make_secret(k1)
            v2, t2, _ = make_secret(k2)
            text, style = pair_text(k1, v1, t1, k2, v2, t2)
            secrets = [{"kind": k1, "value": v1}, {"kind": k2, "value": v2}]
            ctx = f"multi:{k1}+{k2}:{style}"
        else:
            kd = KINDS[k % 18]
            k += 1
            v, pre, _ = make_secret(kd)
            tpl_list = P_TPL[kd]
            if pre is not None:
                text = pre
                ctx = f"{kd}:preset"
            else:
                j = R.randrange(len(tpl_list))
                text = tpl_list[j](v)
                ctx = f"{kd}:t{j}"
            secrets = [{"kind": kd, "value": v}]
        text = dress(text, p_lead=0.06, p_trail=0.04)
        for s in secrets:
            assert s["value"] in text, (s, text)
            pos_checks(s["kind"], s["value"])
        out.append({"id": f"h19p-{i + 1:04d}", "text": text, "secrets": secrets, "context": ctx})
    return out


def main():
    negs, stats = build_negatives()
    poss = build_positives()
    with open(os.path.join(HERE, "redaction19_negatives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in negs:
            f.write(json.dumps({"id": r["id"], "text": r["text"], "category": r["category"]}, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "redaction19_positives.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in poss:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    # report
    from collections import Counter
    usage = stats.pop("usage")
    print("negatives:", len(negs), dict(Counter(r["category"] for r in negs)), stats)
    for c, u in usage.items():
        print("  ", c, len(u), "templates used;", sorted(u.items(), key=lambda x: -x[1]))
    lines = [r["text"].count("\n") + 1 for r in negs]
    print("neg lines min/max:", min(lines), max(lines), "single-line:", sum(l == 1 for l in lines),
          ">=10:", sum(l >= 10 for l in lines), ">=20:", sum(l >= 20 for l in lines))
    final_hits = [(r["id"], scan(r["text"])) for r in negs if scan(r["text"])]
    print("scanner hits on final negatives (deliberate only):", final_hits)
    kc = Counter(s["kind"] for r in poss for s in r["secrets"])
    print("positives:", len(poss), "secrets:", sum(kc.values()), "two-secret texts:", sum(len(r["secrets"]) == 2 for r in poss))
    print(dict(kc))
    missed = [r["id"] for r in poss if not scan(r["text"])]
    print("positives with no scanner hit (scanner has no rule for the kind or misses it):", len(missed))


if __name__ == "__main__":
    main()
