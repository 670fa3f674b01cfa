#!/usr/bin/env python3
"""Blind redaction corpus #18: an ML research lab's Slack.

Standard library only. Deterministic: random.Random(1818).
Writes redaction18_negatives.jsonl and redaction18_positives.jsonl next to this file.
"""
import base64
import binascii
import hashlib
import json
import os
import random
import re
import string
import struct
import zlib

R = random.Random(1818)
HERE = os.path.dirname(os.path.abspath(__file__))
N = 18

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIG = string.digits
ALNUM = LOWER + UPPER + DIG
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
HEX = "0123456789abcdef"
B36 = LOWER + DIG


def pick(seq):
    return seq[R.randrange(len(seq))]


def rs(n, alphabet=ALNUM):
    return "".join(alphabet[R.randrange(len(alphabet))] for _ in range(n))


def hx(n):
    return rs(n, HEX)


def rb(n):
    return bytes(R.randrange(256) for _ in range(n))


def b64(data):
    return base64.b64encode(data).decode()


def b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def uuid4():
    h = list(hx(32))
    h[12] = "4"
    h[16] = pick("89ab")
    h = "".join(h)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def ulid():
    return rs(1, "01234567") + rs(25, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")


def private_ip():
    k = R.randrange(4)
    if k == 0:
        return f"10.{R.randrange(256)}.{R.randrange(256)}.{R.randrange(1, 255)}"
    if k == 1:
        return f"172.{R.randrange(16, 32)}.{R.randrange(256)}.{R.randrange(1, 255)}"
    if k == 2:
        return f"192.168.{R.randrange(256)}.{R.randrange(1, 255)}"
    return f"100.{R.randrange(64, 128)}.{R.randrange(256)}.{R.randrange(1, 255)}"


def ts_iso(year=None):
    y = year or R.choice([2024, 2025, 2026])
    return (f"{y}-{R.randrange(1, 13):02d}-{R.randrange(1, 29):02d}T"
            f"{R.randrange(24):02d}:{R.randrange(60):02d}:{R.randrange(60):02d}")


def epoch():
    return R.randrange(1704067200, 1790000000)


def wandb_id():
    return rs(8, B36)


def run_name():
    adj = ["glowing", "stellar", "fanciful", "sleek", "wobbly", "misty", "dainty", "crimson", "lucky",
           "rosy", "divine", "azure", "golden", "fluent", "spring", "silver", "noble", "vivid", "stoic"]
    noun = ["sun", "wind", "river", "frog", "plasma", "dream", "forest", "galaxy", "firefly", "valley",
            "sky", "cosmos", "breeze", "serenity", "dust", "thunder", "moon", "haze", "glade"]
    return f"{pick(adj)}-{pick(noun)}-{R.randrange(1, 900)}"


MODELS = ["llama-3.1-8b", "qwen2.5-7b", "mistral-7b-v0.3", "gemma-2-9b", "olmo-2-7b", "pythia-1.4b",
          "vit-b16", "vit-l14", "resnet50", "whisper-small", "t5-base", "bert-base-uncased",
          "deberta-v3-large", "clip-vit-b32", "dinov2-vitl14", "sd-1.5-unet", "mamba-2.8b", "phi-3-mini"]
PROJECTS = ["tiny-reasoner", "longctx-ablate", "dpo-sweep", "vision-probe", "asr-distill",
            "moe-routing", "tokenizer-v3", "rlhf-rm", "diffusion-dit", "code-sft", "mup-transfer",
            "retrieval-lm", "kv-cache-quant", "pii-ner", "multilingual-eval"]
DATASETS = ["c4-en", "fineweb-edu", "the-stack-v2-dedup", "librispeech-960h", "imagenet-1k", "laion-coco",
            "openwebmath", "slimpajama-627b", "ultrafeedback-binarized", "gsm8k", "mmlu", "wikitext-103",
            "commonvoice-17-de", "coco-2017", "arxiv-abstracts", "redpajama-v2-sample"]
NODES_PREFIX = ["gpu-a100-", "h100-node", "dgx", "gn", "hgx-h200-", "a6000-ws", "mi300x-"]
TEAMS = ["vision-lab", "nlp-group", "ml-infra", "rl-team", "speech-lab", "alignment", "theory-ml"]


def node():
    return f"{pick(NODES_PREFIX)}{R.randrange(1, 64):02d}"


# --------------------------------------------------------------------------------------------
# checks

def luhn_ok(digits):
    s = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        s += d
    return s % 10 == 0


def luhn_complete(prefix_digits, length):
    body = prefix_digits + "".join(str(R.randrange(10)) for _ in range(length - len(prefix_digits) - 1))
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


IBAN_LEN = {"AD": 24, "AT": 20, "BE": 16, "CH": 21, "CZ": 24, "DE": 22, "DK": 18, "ES": 24, "FI": 18,
            "FR": 27, "GB": 22, "IE": 22, "IT": 27, "LU": 20, "NL": 18, "NO": 15, "PL": 28, "PT": 25,
            "SE": 24, "SI": 19, "SK": 24, "HR": 21, "HU": 28, "RO": 24, "TR": 26, "GR": 27, "LT": 20,
            "LV": 21, "EE": 20, "IS": 26, "LI": 21, "MC": 27, "SM": 27, "SA": 24, "AE": 23, "IL": 23,
            "BG": 22, "CY": 28, "MT": 31, "BR": 29, "QA": 29, "KW": 30, "UA": 29}


def iban_mod97(iban):
    s = iban[4:] + iban[:4]
    num = "".join(str(int(c, 36)) for c in s)
    return int(num) % 97 == 1


def iban_make(cc, bban):
    s = bban + cc + "00"
    num = "".join(str(int(c, 36)) for c in s)
    chk = 98 - int(num) % 97
    iban = f"{cc}{chk:02d}{bban}"
    assert iban_mod97(iban) and len(iban) == IBAN_LEN[cc], iban
    return iban


def ip_is_public(a, b, c, d):
    if a == 0 or a == 10 or a == 127 or a >= 224:
        return False
    if a == 172 and 16 <= b <= 31:
        return False
    if a == 192 and b == 168:
        return False
    if a == 169 and b == 254:
        return False
    if a == 100 and 64 <= b <= 127:
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


def ssn_ok(s):
    a, g, r = s.split("-")
    return (len(a) == 3 and len(g) == 2 and len(r) == 4 and a not in ("000", "666")
            and not a.startswith("9") and g != "00" and r != "0000")


def low_entropy(s):
    return len(set(s)) < 6


RX_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
RX_GH = re.compile(r"gh[pousr]_([A-Za-z0-9]{36})")
RX_GHF = re.compile(r"github_pat_[A-Za-z0-9_]{20,}")
RX_SLACK = re.compile(r"xox[abposre]-(?:\d+-|[A-Za-z0-9]{10,})")
RX_SK = re.compile(r"sk-(?:proj-|svcacct-|admin-|ant-[a-z]+\d*-)?([A-Za-z0-9_-]{32,})")
RX_HF = re.compile(r"hf_([A-Za-z0-9]{30,})")
RX_AWS = re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])")
RX_AWS_SECRET = re.compile(r"(?i)(?:aws_secret_access_key|secretaccesskey|aws_secret)[\"']?\s*[=:]\s*[\"']?([A-Za-z0-9/+]{40})")
RX_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{8,}")
RX_DIGITRUN = re.compile(r"(?<![\d.])\d(?:[ -]?\d)+(?![\d])")
RX_IBAN = re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b")
RX_PEM = re.compile(r"-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----\s*(.*?)-----END", re.S)
RX_IP = re.compile(r"(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\.?\d)")
RX_SSN = re.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
RX_WANDB = re.compile(r"(?i)wandb_api_key\s*[=:]\s*[\"']?([0-9a-f]{40})")


def scan(text, allow_pip_pins=True):
    """Return findings that would make a negative unsafe."""
    out = []
    for m in RX_EMAIL.finditer(text):
        out.append(("email", m.group(0)))
    for m in RX_GH.finditer(text):
        if not low_entropy(m.group(1)):
            out.append(("github", m.group(0)))
    for m in RX_GHF.finditer(text):
        out.append(("github_pat", m.group(0)))
    for m in RX_SLACK.finditer(text):
        out.append(("slack", m.group(0)))
    for m in RX_SK.finditer(text):
        if not low_entropy(m.group(1)):
            out.append(("sk", m.group(0)))
    for m in RX_HF.finditer(text):
        if not low_entropy(m.group(1)):
            out.append(("hf", m.group(0)))
    for m in RX_AWS.finditer(text):
        if "EXAMPLE" not in m.group(0):
            out.append(("aws_key_id", m.group(0)))
    for m in RX_AWS_SECRET.finditer(text):
        if "EXAMPLE" not in m.group(1):
            out.append(("aws_secret", m.group(1)))
    for m in RX_WANDB.finditer(text):
        out.append(("wandb", m.group(1)))
    for m in RX_JWT.finditer(text):
        out.append(("jwt", m.group(0)))
    for m in RX_DIGITRUN.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        for i in range(len(groups)):
            for j in range(i + 1, len(groups) + 1):
                d = "".join(groups[i:j])
                if len(d) > 19:
                    break
                if len(d) >= 13 and luhn_ok(d):
                    out.append(("luhn", d))
    for m in RX_IBAN.finditer(text):
        s = m.group(1).replace(" ", "")
        if s[:2] in IBAN_LEN and len(s) == IBAN_LEN[s[:2]] and iban_mod97(s):
            out.append(("iban", s))
    for m in RX_PEM.finditer(text):
        body = re.sub(r"\s", "", m.group(2))
        if re.fullmatch(r"[A-Za-z0-9+/=]{40,}", body):
            out.append(("pem", body[:20]))
    for m in RX_IP.finditer(text):
        o = [int(x) for x in m.groups()]
        if all(x <= 255 for x in o) and ip_is_public(*o):
            before = text[max(0, m.start() - 2):m.start()]
            if allow_pip_pins and before == "==":
                continue  # pip version pin like nvidia-cudnn-cu12==8.9.2.26 (documented ambiguity)
            out.append(("public_ipv4", m.group(0)))
    for m in RX_SSN.finditer(text):
        out.append(("ssn", m.group(0)))
    return out


# --------------------------------------------------------------------------------------------
# real bytes for encoded blobs

def png_chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def make_png(w=None, h=None, kind=None):
    w = w or R.randrange(16, 49)
    h = h or R.randrange(10, 33)
    kind = kind or pick(["curve", "heat", "bars"])
    bg = (255, 255, 255) if R.random() < .7 else (R.randrange(230, 256),) * 3
    col = (R.randrange(30, 220), R.randrange(30, 220), R.randrange(30, 220))
    rows = []
    k = R.uniform(2.0, 6.0)
    noise = [R.uniform(-1.2, 1.2) for _ in range(w)]
    heat = [[R.randrange(256) for _ in range(w)] for _ in range(h)]
    bars = [R.randrange(1, h) for _ in range(w)]
    for y in range(h):
        row = bytearray([0])
        for x in range(w):
            if kind == "curve":
                yy = int((h - 2) * (1 - (2.71828 ** (-k * x / w))) + noise[x])
                px = col if abs(yy - y) <= 0 else bg
            elif kind == "heat":
                v = heat[y][x]
                px = (v, int(v * .6), 255 - v)
            else:
                px = col if (h - y) <= bars[x] and x % 3 != 2 else bg
            row += bytes(px)
        rows.append(bytes(row))
    raw = b"".join(rows)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", zlib.compress(raw, 9))
            + png_chunk(b"IEND", b""))


def make_gif():
    pal = rb(6)
    return (b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0x80, 0, 0) + pal
            + b"\x21\xf9\x04\x01\x00\x00\x00\x00" + b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0)
            + b"\x02\x02\x44\x01\x00\x3b")


def make_wav(n=None):
    n = n or R.randrange(60, 220)
    rate = pick([8000, 16000, 22050])
    f = R.uniform(0.03, 0.2)
    import math
    data = bytes(int(128 + 90 * math.sin(i * f * 6.28318)) & 0xFF for i in range(n))
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate, 1, 8)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


def make_jpeg():
    q = bytes(R.randrange(1, 100) for _ in range(64))
    body = (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            + b"\xff\xdb\x00\x43\x00" + q
            + b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", R.randrange(8, 64), R.randrange(8, 64))
            + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
            + b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00" + rb(R.randrange(60, 180))
            + b"\xff\xd9")
    return body


def make_woff2():
    n = R.randrange(90, 200)
    return b"wOF2" + b"\x00\x01\x00\x00" + struct.pack(">I", n + 48) + struct.pack(">HH", 12, 0) + rb(n)


def make_pdf():
    txt = pick(["loss", "ablation", "fig3", "attn", "scaling"])
    s = (f"%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\n"
         f"endobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {R.randrange(200, 420)} {R.randrange(150, 300)}] >>\n"
         f"endobj\n% {txt}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
    return s.encode()


def make_npy(n=None):
    n = n or R.randrange(4, 16)
    hdr = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % n
    hdr = hdr + " " * (118 - len(hdr)) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode() + b"".join(
        struct.pack("<f", R.gauss(0, 0.05)) for _ in range(n))


def make_svg():
    pts = " ".join(f"{x},{int(40 - 30 * (1 - 2.718 ** (-x / 25)) + R.randrange(-2, 3))}" for x in range(0, 100, 10))
    c = "#%06x" % R.randrange(0x1000000)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="0 0 100 40">'
            f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="1.5"/></svg>')


def trunc(s, n):
    return s[:n] + pick(["…", "...", f"...[{len(s) - n} more chars]", "…(truncated)"])


def wrap(s, width):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


# --------------------------------------------------------------------------------------------
# languages

LEADS = {
    "en": ["fyi", "heads up:", "from last night's run:", "context:", "ok so", "posting for posterity:"],
    "de": ["Zur Info:", "aus dem Lauf von gestern:", "Kurz zur Einordnung:", "Hier der Output:"],
    "fr": ["Pour info :", "voilà ce que j'obtiens :", "sortie du job :", "Petit point :"],
    "es": ["Para que conste:", "esto sale en el log:", "Os paso el output:", "Ojo con esto:"],
    "pt": ["Olha isso:", "saída do job:", "Pra registro:", "Segue o log:"],
    "it": ["Vi giro questo:", "ecco l'output:", "Per la cronaca:", "Dal run di stanotte:"],
    "nl": ["Ter info:", "dit kwam eruit:", "Even delen:", "Uit de run van vannacht:"],
    "pl": ["Dla porządku:", "wynik z klastra:", "Wrzucam log:", "Z wczorajszego runu:"],
    "ja": ["メモ:", "昨日のジョブのログです:", "共有です:", "参考まで:"],
    "zh": ["供参考：", "昨晚训练的日志：", "记录一下：", "贴一下输出："],
    "ko": ["참고:", "어제 돌린 실험 로그입니다:", "공유드립니다:", "출력 붙여요:"],
    "ru": ["К сведению:", "вот что выдаёт:", "Лог с кластера:", "Для истории:"],
    "tr": ["Bilginize:", "dünkü koşunun çıktısı:", "Log şöyle:", "Not olarak:"],
    "sv": ["FYI:", "från gårdagens körning:", "Loggen:", "Bara så ni vet:"],
    "uk": ["До відома:", "ось лог з кластера:"],
    "hi": ["जानकारी के लिए:", "कल रात के रन का आउटपुट:"],
}
TRAILS = {
    "en": ["any idea?", "ideas?", "is this expected?", "🤔", "cc @ml-infra-oncall", "will dig more after standup"],
    "de": ["kennt das jemand?", "ist das normal?", "schau ich mir morgen an"],
    "fr": ["c'est normal ?", "quelqu'un a déjà vu ça ?"],
    "es": ["¿alguna idea?", "¿a alguien le suena?"],
    "pt": ["alguém já viu isso?", "faz sentido?"],
    "it": ["è normale?", "qualcuno ha idea?"],
    "nl": ["iemand een idee?", "is dit verwacht?"],
    "pl": ["czy ktoś to widział?", "normalne?"],
    "ja": ["何か心当たりある？", "これって想定通り？"],
    "zh": ["有人遇到过吗？", "这个正常吗？"],
    "ko": ["누가 본 적 있나요?", "이거 정상인가요?"],
    "ru": ["есть идеи?", "это нормально?"],
    "tr": ["fikri olan var mı?"],
    "sv": ["någon som känner igen det?"],
}


def decorate(text, p_lead=0.25, p_trail=0.08):
    if R.random() < p_lead:
        lang = pick(sorted(LEADS))
        text = pick(LEADS[lang]) + ("\n" if "\n" in text or R.random() < .5 else " ") + text
    if R.random() < p_trail:
        lang = pick(sorted(TRAILS))
        text = text + ("\n" if "\n" in text else " ") + pick(TRAILS[lang])
    return text


def fence(body, lang=""):
    return f"```{lang}\n{body}\n```"


# ============================================================================================
# NEGATIVES: non_credential_blob

def nb_ckpt_sha():
    step = R.randrange(1, 400) * 500
    files = [f"model-{i:05d}-of-{4:05d}.safetensors" for i in range(1, 5)] if R.random() < .5 else \
        [f"step_{step}.pt", f"step_{step}_optim.pt", "config.json", "tokenizer.json"]
    lines = [f"{hx(64)}  {f}" for f in files]
    head = pick(["sha256sum for the ckpt I just pushed to the bucket:", "checksums (please verify before resuming):",
                 f"`{pick(MODELS)}` step {step} uploaded, sums:", "SHA256SUMS:"])
    return head + "\n" + fence("\n".join(lines))


def nb_hf_revision():
    m = pick(MODELS)
    return fence(f"""from transformers import AutoModelForCausalLM
model = AutoModelForCausalLM.from_pretrained(
    "{pick(['our-lab', 'lab-internal', 'research'])}/{m}",
    revision="{hx(40)}",  # pinned, do not bump without re-running evals
    torch_dtype="bfloat16",
)""", "python")


def nb_wandb_run():
    team = pick(TEAMS)
    proj = pick(PROJECTS)
    rid = wandb_id()
    name = run_name()
    return fence(f"""wandb: Currently logged in as: {team} (use `wandb login --relogin` to force relogin)
wandb: Tracking run with wandb version 0.{R.randrange(15, 19)}.{R.randrange(0, 9)}
wandb: Run data is saved locally in /scratch/runs/wandb/run-{R.choice([2024, 2025])}{R.randrange(1, 13):02d}{R.randrange(1, 29):02d}_{R.randrange(24):02d}{R.randrange(60):02d}{R.randrange(60):02d}-{rid}
wandb: Run `wandb offline` to turn off syncing.
wandb: Syncing run {name}
wandb: ⭐️ View project at https://wandb.ai/{team}/{proj}
wandb: 🚀 View run at https://wandb.ai/{team}/{proj}/runs/{rid}""")


def nb_mlflow():
    rid = hx(32)
    exp = R.randrange(1, 900)
    return pick([f"mlflow run id `{rid}` (experiment {exp}) is the baseline, compare against that one",
                 f"Registered model 'reranker' version {R.randrange(2, 40)} from run {rid}",
                 fence(f"mlflow.start_run(run_id=\"{rid}\")\n# artifact uri: s3://mlflow-artifacts/{exp}/{rid}/artifacts/model", "python")])


def nb_dvc():
    outs = []
    for _ in range(R.randrange(1, 4)):
        p = pick(["data/train.parquet", "data/val.parquet", "data/shards", "features/clip_emb.npy",
                  "data/raw/commonvoice_de.tar", "tokenizer/spm.model"])
        outs.append(f"- md5: {hx(32)}{'.dir' if p.endswith('shards') else ''}\n  size: {R.randrange(10**6, 10**11)}\n"
                    f"  hash: md5\n  path: {p}" + (f"\n  nfiles: {R.randrange(16, 4096)}" if p.endswith("shards") else ""))
    return pick(["updated the .dvc file after re-dedup:", "dvc diff shows this:", "", "data.dvc"]) + "\n" + \
        fence("outs:\n" + "\n".join(outs), "yaml")


def nb_lfs():
    return fence(f"""version https://git-lfs.github.com/spec/v1
oid sha256:{hx(64)}
size {R.randrange(10**6, 2 * 10**10)}""") + "\n" + pick(["^ that's the pointer, not the weights. run `git lfs pull`",
                                                          "someone committed the LFS pointer instead of the file again",
                                                          "lfs の pointer だけ入ってます"])


def nb_safetensors_header():
    dims = pick([(32000, 4096), (151936, 3584), (50304, 2048), (128256, 4096)])
    off = 0
    ents = {}
    names = ["model.embed_tokens.weight", "model.layers.0.self_attn.q_proj.weight",
             "model.layers.0.self_attn.k_proj.weight", "model.layers.0.mlp.gate_proj.weight",
             "model.norm.weight", "lm_head.weight"]
    for n in names[:R.randrange(3, 7)]:
        shape = [dims[0], dims[1]] if "embed" in n or "lm_head" in n else ([dims[1]] if "norm" in n else [dims[1], dims[1]])
        size = 2
        for s in shape:
            size *= s
        ents[n] = {"dtype": "BF16", "shape": shape, "data_offsets": [off, off + size]}
        off += size
    ents["__metadata__"] = {"format": "pt"}
    body = "{\n" + ",\n".join(f'  "{k}": ' + json.dumps(v) for k, v in ents.items()) + "\n}"
    return "safetensors header of shard 1:\n" + fence(body, "json")


def nb_docker_digest():
    tag = pick(["nvcr.io/nvidia/pytorch:24.03-py3", "nvcr.io/nvidia/pytorch:24.10-py3", "vllm/vllm-openai:v0.6.3",
                "ghcr.io/huggingface/text-generation-inference:2.4", "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_2.3.0"])
    return pick([f"pin the image by digest pls: `{tag}@sha256:{hx(64)}`",
                 fence(f"FROM {tag}@sha256:{hx(64)}\nRUN pip install --no-cache-dir flash-attn==2.{R.randrange(3, 8)}.{R.randrange(0, 4)} --no-build-isolation", "dockerfile"),
                 fence(f"$ docker pull {tag}\n{tag.split(':')[1]}: Pulling from {tag.split(':')[0].split('/', 1)[-1]}\nDigest: sha256:{hx(64)}\nStatus: Downloaded newer image for {tag}")])


def nb_pip_hashes():
    pk = [("torch", "2.4.1"), ("numpy", "1.26.4"), ("safetensors", "0.4.5"), ("tokenizers", "0.20.1"),
          ("triton", "3.0.0"), ("einops", "0.8.0"), ("sentencepiece", "0.2.0"), ("accelerate", "1.0.1")]
    R.shuffle(pk)
    lines = [f"{n}=={v} \\\n    --hash=sha256:{hx(64)}" for n, v in pk[:R.randrange(2, 6)]]
    return "requirements.lock (generated by pip-compile --generate-hashes):\n" + fence("\n".join(lines))


def nb_nvidia_smi_L():
    g = pick(["NVIDIA A100-SXM4-80GB", "NVIDIA H100 80GB HBM3", "NVIDIA RTX A6000", "NVIDIA L40S"])
    lines = [f"GPU {i}: {g} (UUID: GPU-{uuid4()})" for i in range(R.choice([2, 4, 8]))]
    return f"$ nvidia-smi -L  # on {node()}\n" + "\n".join(lines)


def nb_nccl_init():
    n = R.choice([8, 16, 32])
    lines = []
    for r in range(R.randrange(3, 8)):
        lines.append(f"{node()}:{R.randrange(1000, 99999)}:{R.randrange(1000, 99999)} [{r % 8}] NCCL INFO comm 0x{hx(12)} "
                     f"rank {r} nRanks {n} nNodes {n // 8} localRanks 8 localRank {r % 8} MNNVL 0 - Init COMPLETE")
    lines.append(f"NCCL INFO Connected all rings, comm 0x{hx(12)} commHash 0x{hx(16)}")
    return fence("\n".join(lines))


def nb_hf_cache_fingerprint():
    ds = pick(DATASETS)
    nrows = R.randrange(10000, 999999)
    return fence(f"""Loading cached processed dataset at /root/.cache/huggingface/datasets/{ds.replace('-', '_')}/default/0.0.0/{hx(40)}/cache-{hx(16)}.arrow
Map (num_proc=32): 100%|██████████| {nrows}/{nrows} [{R.randrange(1, 59):02d}:{R.randrange(60):02d}<00:00, {R.randrange(1000, 90000)}.{R.randrange(10, 99)} examples/s]
Dataset fingerprint: {hx(16)}""")


def nb_ssh_pubkey():
    body = b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rb(32))
    return pick([f"add this *public* key to the cluster authorized_keys for the CI runner:\n`ssh-ed25519 {body} ci-runner-gpu-cluster`",
                 f"host key of the new login node:\n```\nlogin02 ssh-ed25519 {body}\nSHA256:{b64(rb(32)).rstrip('=')}\n```"])


def nb_gpg():
    fp = hx(40).upper()
    return f"release tarballs are signed, key fingerprint `{' '.join(fp[i:i + 4] for i in range(0, 40, 4))}` (pub rsa4096, lab-release-signing)"


def nb_triton_cache():
    lines = []
    for _ in range(R.randrange(3, 9)):
        lines.append(f"/tmp/torchinductor_root/{rs(2, B36)}/c{rs(2, B36)}{rs(48, B36)}.py")
    return "inductor is writing a ton of kernels, disk full on /tmp:\n" + fence("\n".join(lines))


def nb_ray_ids():
    return fence(f"""Job 'raysubmit_{rs(16, ALNUM)}' submitted successfully
Actor(TrainWorker, {hx(32)}) pid={R.randrange(1000, 99999)}, ip={private_ip()}
(RayTrainWorker pid={R.randrange(1000, 99999)}) node_id={hx(56)}
Placement group {hx(36)} created""")


def nb_npy_b64():
    arr = [R.gauss(0, 0.1) for _ in range(R.randrange(8, 40))]
    blob = b64(b"".join(struct.pack("<f", a) for a in arr))
    return fence(json.dumps({"doc_id": f"{pick(DATASETS)}/{R.randrange(10**6)}", "dim": len(arr), "dtype": "float32",
                             "embedding_b64": blob}), "json")


def nb_tfrecord():
    feats = "\n".join(f"  {k}: {b64(rb(R.randrange(12, 40)))}" for k in ["image/encoded_sample", "image/key/sha256", "image/source_id"])
    return f"first record of `train-00{R.randrange(10, 99)}-of-01024.tfrecord` (base64 of the proto):\n```\n{b64(rb(R.randrange(60, 140)))}\n```\n" + \
        (fence(feats) if R.random() < .5 else "")


def nb_xxd():
    lines = []
    off = 0
    data = b"PK\x03\x04" + rb(4) + b"archive/data.pkl" + rb(R.randrange(40, 120))
    for i in range(0, len(data), 16):
        chunk = data[i:i + 16]
        hexpart = " ".join(chunk[j:j + 2].hex() for j in range(0, len(chunk), 2))
        asc = "".join(chr(c) if 32 <= c < 127 else "." for c in chunk)
        lines.append(f"{off:08x}: {hexpart:<39}  {asc}")
        off += 16
    return "torch.save output is a zip, see:\n" + fence("$ xxd ckpt.pt | head\n" + "\n".join(lines[:R.randrange(4, 10)]))


def nb_git_log():
    msgs = ["fix rope scaling for 128k", "add z-loss", "bump flash-attn", "revert lr warmup change",
            "eval: add mmlu-pro", "tokenizer: normalize NFKC", "fsdp: shard optimizer state", "seed everything",
            "data: drop dup shards", "log grad norm per layer", "moe: aux loss coeff 1e-2", "ckpt: async save"]
    R.shuffle(msgs)
    return fence("$ git log --oneline -n 8\n" + "\n".join(f"{hx(7)} {m}" for m in msgs[:R.randrange(4, 9)]))


def nb_model_card_sha():
    return fence(f"""---
license: apache-2.0
base_model: {pick(MODELS)}
datasets:
- {pick(DATASETS)}
model-index:
- name: {pick(PROJECTS)}-{R.randrange(1, 9)}
  results: []
training_data_sha256: {hx(64)}
code_commit: {hx(40)}
---""", "yaml")


def nb_uuid_tracker():
    rows = ["run_uuid,experiment_id,status,start_time"]
    for _ in range(R.randrange(4, 12)):
        rows.append(f"{hx(32)},{R.randrange(1, 40)},{pick(['FINISHED', 'FAILED', 'KILLED', 'RUNNING'])},{epoch() * 1000 + R.randrange(1000)}")
    return "export from the tracker:\n" + fence("\n".join(rows), "csv")


def nb_api_ids():
    return pick([f"batch id for the eval sweep: `batch_{hx(32)}`, output file `file-{rs(22, ALNUM)}`",
                 f"request ids from the failing calls: `req_{rs(24, ALNUM)}`, `req_{rs(24, ALNUM)}` (both 529 overloaded)",
                 f"message id `msg_01{rs(22, ALNUM)}` came back with stop_reason=max_tokens"])


def nb_webdataset():
    lines = []
    for _ in range(R.randrange(4, 10)):
        k = hx(16)
        lines.append(f"{k}.jpg {k}.json {k}.txt")
    return f"keys in shard-{R.randrange(0, 9999):06d}.tar:\n" + fence("\n".join(lines))


def nb_xla_dump():
    return fence(f"""I0000 00:00:{epoch()}.{R.randrange(100000, 999999)} {R.randrange(1000, 99999)} gpu_compiler.cc:{R.randrange(100, 2000)}] module_{R.randrange(0, 9999):04d}.jit_train_step fingerprint={hx(32)}
I0000 00:00:{epoch()}.{R.randrange(100000, 999999)} {R.randrange(1000, 99999)} pjrt_client.cc:{R.randrange(100, 900)}] executable fingerprint: {hx(32)}""")


def nb_cursor():
    cur = b64(json.dumps({"offset": R.randrange(1000, 900000), "split": "train", "shard": R.randrange(64)}).encode())
    return f"dataset-viewer pagination cursor for the bad rows: `{cur}`"


def nb_hub_file_hash():
    fn = pick(["resnet50", "vit_b_16", "efficientnet_b0", "convnext_tiny"])
    return f"torchvision weights `{fn}-{hx(8)}.pth` fail `check_hash=True` on the offline node, the local file's prefix is `{hx(8)}`"


def nb_sops():
    return fence(f"""wandb_entity: {pick(TEAMS)}
storage_key: ENC[AES256_GCM,data:{b64(rb(R.randrange(20, 40)))},iv:{b64(rb(32))},tag:{b64(rb(16))},type:str]
sops:
    lastmodified: "{ts_iso()}Z"
    mac: ENC[AES256_GCM,data:{b64(rb(48))},iv:{b64(rb(32))},tag:{b64(rb(16))},type:str]
    version: 3.9.1""", "yaml")


NB = [nb_ckpt_sha, nb_hf_revision, nb_wandb_run, nb_mlflow, nb_dvc, nb_lfs, nb_safetensors_header, nb_docker_digest,
      nb_pip_hashes, nb_nvidia_smi_L, nb_nccl_init, nb_hf_cache_fingerprint, nb_ssh_pubkey, nb_gpg, nb_triton_cache,
      nb_ray_ids, nb_npy_b64, nb_tfrecord, nb_xxd, nb_git_log, nb_model_card_sha, nb_uuid_tracker, nb_api_ids,
      nb_webdataset, nb_xla_dump, nb_cursor, nb_hub_file_hash, nb_sops]


# ============================================================================================
# NEGATIVES: pii_lookalike_number

def np_squeue():
    rows = ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)"]
    base = R.randrange(4000000, 59999999)
    users = ["svc-train", "svc-eval", "ci-bot", "labuser07", "labuser12", "labuser31", "sweep-agent"]
    for i in range(R.randrange(4, 38)):
        jid = f"{base + R.randrange(0, 5000)}" + (f"_[{R.randrange(0, 5)}-{R.randrange(10, 64)}%8]" if R.random() < .15 else "")
        st = pick(["R", "R", "R", "PD", "CG"])
        t = f"{R.randrange(0, 3)}-{R.randrange(24):02d}:{R.randrange(60):02d}:{R.randrange(60):02d}" if st == "R" else "0:00"
        nn = R.choice([1, 1, 2, 4, 8, 16])
        nl = f"{pick(NODES_PREFIX).rstrip('-')}[{R.randrange(1, 30):02d}-{R.randrange(30, 64):02d}]" if nn > 1 and st == "R" else \
            (node() if st != "PD" else pick(["(Priority)", "(Resources)", "(QOSMaxGRESPerUser)", "(Dependency)"]))
        rows.append(f"{jid:>18} {pick(['gpu', 'a100', 'h100', 'debug', 'preempt']):>9} {pick(['pretrain', 'sft', 'eval', 'sweep', 'tok', 'dpo']):>8} "
                    f"{pick(users):>8} {st:>2} {t:>10} {nn:>6} {nl}")
    return pick(["queue is packed again", "why is my job stuck in PD", "squeue -p gpu", ""]) + "\n" + fence("\n".join(rows))


def np_sbatch():
    jid = R.randrange(1000000, 99999999)
    return pick([f"Submitted batch job {jid}",
                 f"sbatch: Submitted batch job {jid}\nsbatch: job {jid} queued and waiting for resources",
                 f"job {jid} got preempted at step {R.randrange(1000, 300000)}, requeued as {jid + R.randrange(1, 900)}",
                 f"slurmstepd: error: *** JOB {jid} ON {node()} CANCELLED AT {ts_iso()} DUE TO TIME LIMIT ***"])


def np_param_counts():
    t = R.randrange(10**6, 5 * 10**6) * 4
    a = R.randrange(10**9, 8 * 10**9)
    return pick([f"trainable params: {t:,} || all params: {a:,} || trainable%: {100 * t / a:.4f}",
                 f"Total params: {a:,}\nTrainable params: {a:,}\nNon-trainable params: 0",
                 f"Model has {a} parameters ({a / 1e9:.2f}B), {a - R.randrange(10**8, 5 * 10**8)} non-embedding"])


def np_token_ids():
    ids = [R.randrange(100, 128000) for _ in range(R.randrange(6, 24))]
    pre = pick(["input_ids", "tokens"])
    kind = R.randrange(4)
    if kind == 0:
        return f">>> tok('{pick(['Hello world', 'Grüß Gott', '東京は晴れ', 'Привет мир', 'naïve café'])}')['{pre}']\n{ids}"
    if kind == 1:
        body = ",".join(f"{i:>7}" for i in ids)
        return fence(f"tensor([[{body}]], device='cuda:0')")
    if kind == 2:
        return "np array of ids:\n" + fence("[" + " ".join(str(i) for i in ids) + "]")
    return "decoded ok but the ids differ between fast/slow tokenizer:\n" + fence(
        f"fast: {ids}\nslow: {ids[:3] + [R.randrange(100, 128000)] + ids[4:]}")


def np_timestamps():
    e = epoch()
    lines = []
    for i in range(R.randrange(3, 12)):
        lines.append(json.dumps({"_step": i * 100, "_timestamp": round(e + i * 37.2 + R.random(), 3), "_runtime": round(i * 37.2, 1),
                                 "train/loss": round(3.2 - i * 0.07 + R.uniform(-.02, .02), 4)}))
    return "history.jsonl head:\n" + fence("\n".join(lines))


def np_private_net():
    ip = private_ip()
    port = pick([29500, 29400, 12355, 6379, 8265])
    return pick([fence(f"export MASTER_ADDR={ip}\nexport MASTER_PORT={port}\nexport NCCL_SOCKET_IFNAME=ib0\nexport NCCL_IB_HCA=mlx5_{R.randrange(0, 8)}", "bash"),
                 f"torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint={ip}:{port} train.py",
                 fence(f"{node()}:{R.randrange(1000, 99999)}:{R.randrange(1000, 99999)} [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB ib0:{ip}<0>\n"
                       f"{node()}:{R.randrange(1000, 99999)}:{R.randrange(1000, 99999)} [0] NCCL INFO Bootstrap : Using ib0:{ip}<0>"),
                 f"ray head is at {ip}:6379, dashboard {ip}:8265 (only from the VPN)"])


def np_oom():
    tot = pick([79.15, 39.39, 47.54, 23.65])
    a = round(R.uniform(0.1, 8), 2)
    return fence(f"""torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {a} GiB. GPU {R.randrange(8)} has a total capacity of {tot} GiB of which {round(R.uniform(0.01, a), 2)} GiB is free. Process {R.randrange(1000, 4000000)} has {round(tot - .6, 2)} GiB memory in use. Of the allocated memory {round(tot - R.uniform(2, 9), 2)} GiB is allocated by PyTorch, and {R.randrange(100, 999)}.{R.randrange(10, 99)} MiB is reserved by PyTorch but unallocated.""")


def np_hparam_table():
    rows = ["| run | lr | wd | batch | warmup | steps | seed | val ppl |", "|---|---|---|---|---|---|---|---|"]
    for _ in range(R.randrange(3, 12)):
        rows.append(f"| {wandb_id()} | {pick(['1e-4', '3e-4', '6e-4', '2e-5', '5e-5'])} | {pick(['0.0', '0.01', '0.1'])} | "
                    f"{pick([256, 512, 1024, 2048])} | {pick([500, 1000, 2000])} | {R.randrange(10, 300) * 1000} | "
                    f"{pick([0, 1, 42, 1234, 3407, R.randrange(10**9)])} | {R.uniform(5, 30):.3f} |")
    return pick(["sweep results so far", "Ergebnisse der Sweep-Runde 2", "résultats du sweep", "スイープ結果"]) + "\n" + "\n".join(rows)


def np_seeds():
    seeds = [R.randrange(10**18, 10**19) for _ in range(R.randrange(1, 5))]
    return pick([f"seeds used for the 5 reruns: {', '.join(str(s) for s in seeds)}",
                 f"torch.initial_seed() -> {seeds[0]}",
                 fence("\n".join(f"rank{i}: generator seed {s}" for i, s in enumerate(seeds)))])


def np_arxiv_doi():
    y = R.randrange(19, 26)
    a = f"{y}{R.randrange(1, 13):02d}.{R.randrange(1, 20000):05d}"
    return pick([f"related: arXiv:{a}v{R.randrange(1, 4)} and https://doi.org/10.48550/arXiv.{a}",
                 f"see https://arxiv.org/abs/{a} section {R.randrange(2, 7)}.{R.randrange(1, 5)}, eq. ({R.randrange(1, 30)})",
                 f"DOI 10.{R.randrange(1000, 9999)}/{pick(['CVPR52733', 'ICCV51070', 'TPAMI', 'nature'])}.{R.randrange(2019, 2026)}.{R.randrange(10000, 99999):05d}",
                 f"camera-ready is in the proceedings, doi:10.18653/v1/{R.randrange(2022, 2026)}.{pick(['acl-long', 'emnlp-main', 'naacl-long', 'findings-acl'])}.{R.randrange(1, 900)}"])


def np_paper_ids():
    return pick([f"our NeurIPS submission is #{R.randrange(1000, 25000)}, rebuttal due {ts_iso()[:10]} 23:59 AoE",
                 f"ICML paper ID {R.randrange(1000, 15000)} — reviews are out, avg {R.uniform(3, 7):.2f}",
                 f"OpenReview forum id `{rs(10, ALNUM)}`, submission number {R.randrange(1000, 20000)}",
                 f"ACL ARR {pick(['Feb', 'Jun', 'Oct', 'Dec'])} cycle, paper {R.randrange(100, 9000)}, meta-review score {R.randrange(2, 5)}"])


def np_gpu_query():
    sn = R.randrange(10**12, 10**13)
    return fence(f"""==============NVSMI LOG==============
Driver Version                            : {pick(['535.183.01', '550.54.15', '560.35.03', '570.86.10'])}
CUDA Version                              : {pick(['12.2', '12.4', '12.6', '12.8'])}
Attached GPUs                             : 8
GPU 00000000:{R.randrange(16, 255):02X}:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Serial Number                         : {sn}
    GPU UUID                              : GPU-{uuid4()}
    Board Part Number                     : 692-2G520-0200-0{R.randrange(0, 9)}0
    VBIOS Version                         : 96.00.{R.randrange(10, 99)}.00.0{R.randrange(1, 9)}
    Retired Pages
        Single Bit ECC                    : 0
        Double Bit ECC                    : {R.randrange(0, 3)}""")


def np_cloud_billing():
    amt = R.uniform(1000, 90000)
    return pick([f"GPU bill for {pick(['May', 'June', 'Q3', 'Oktober', 'septembre'])}: ${amt:,.2f} ({R.randrange(1000, 60000):,} H100-hours @ $2.{R.randrange(10, 99)}/h)",
                 f"invoice INV-{R.randrange(2024, 2027)}-{R.randrange(100000, 999999)} from the cloud provider, PO {R.randrange(4500000000, 4599999999)}, cost center {R.randrange(1000, 9999)}-{R.randrange(10, 99)}",
                 f"reservation id res-{R.randrange(10**9, 10**10)} for 64×H100, {R.randrange(1, 13)} months, total {amt * 20:,.0f} EUR"])


def np_speech_ids():
    ids = []
    for _ in range(R.randrange(3, 10)):
        k = R.randrange(3)
        if k == 0:
            ids.append(f"{R.randrange(19, 9000)}-{R.randrange(1000, 300000)}-{R.randrange(0, 80):04d}")
        elif k == 1:
            ids.append(f"common_voice_{pick(['de', 'fr', 'es', 'ja', 'pl', 'tr'])}_{R.randrange(10**7, 10**8)}.mp3")
        else:
            ids.append(f"p{R.randrange(225, 377)}_{R.randrange(1, 500):03d}")
    return "WER outliers (utt ids):\n" + fence("\n".join(f"{u}\tWER={R.uniform(.3, 1.4):.2f}" for u in ids))


def np_commoncrawl():
    seg = R.randrange(1700000000000, 1740000000000)
    lines = []
    for _ in range(R.randrange(3, 8)):
        d1 = f"{R.randrange(2023, 2026)}{R.randrange(1, 13):02d}{R.randrange(1, 29):02d}{R.randrange(24):02d}{R.randrange(60):02d}{R.randrange(60):02d}"
        lines.append(json.dumps({"filename": f"crawl-data/CC-MAIN-{d1[:4]}-{R.randrange(5, 51):02d}/segments/{seg}.{R.randrange(10, 99)}/warc/CC-MAIN-{d1}-{d1}-{R.randrange(0, 99999):05d}.warc.gz",
                                 "offset": R.randrange(10**5, 10**9), "length": R.randrange(1000, 90000)}))
    return "dedup flagged these records:\n" + fence("\n".join(lines))


def np_tweet_ids():
    ids = [str(R.randrange(10**18, 2 * 10**18)) for _ in range(R.randrange(3, 9))]
    return pick(["post ids that leaked into the eval split:", "dedup hits (status ids):"]) + "\n" + fence("\n".join(ids))


def np_dates():
    return pick([f"deadline {R.randrange(1, 28):02d}.{R.randrange(1, 13):02d}.{R.randrange(2025, 2027)} 23:59 AoE, abstract {R.randrange(1, 28):02d}.{R.randrange(1, 13):02d}.",
                 f"締切は{R.randrange(2025, 2027)}年{R.randrange(1, 13)}月{R.randrange(1, 29)}日 (AoE) です",
                 f"截止日期：{R.randrange(2025, 2027)}-{R.randrange(1, 13):02d}-{R.randrange(1, 29):02d} 23:59 UTC-12",
                 f"cluster maintenance window {ts_iso()}Z → {ts_iso()}Z, jobs after {R.randrange(10, 23)}:00 will be held"])


def np_throughput():
    rows = ["step     loss    lr         tok/s     mfu    mem(GB)  grad_norm"]
    s = R.randrange(1000, 90000)
    for i in range(R.randrange(5, 37)):
        rows.append(f"{s + i * 10:<8} {R.uniform(1.8, 3.1):.4f}  {R.uniform(1e-5, 3e-4):.3e}  {R.randrange(300000, 2000000):<9} "
                    f"{R.uniform(.3, .55):.3f}  {R.uniform(40, 78):.1f}     {R.uniform(.1, 2):.3f}")
    return fence("\n".join(rows))


def np_ports():
    return pick([f"jupyter on :{R.randrange(8800, 8999)}, tensorboard :{R.randrange(6006, 6100)}, mlflow :5000 — tunnel via the bastion",
                 fence(f"ssh -N -L {R.randrange(8800, 8999)}:localhost:8888 -L 6006:localhost:6006 -J bastion {node()}", "bash"),
                 f"vllm serve is listening on 0.0.0.0:{R.randrange(8000, 8100)}, metrics on :{R.randrange(9000, 9100)}"])


def np_tickets():
    return pick([f"filed MLINFRA-{R.randrange(100, 9999)} for the IB flaps on {node()}",
                 f"upstream issue pytorch/pytorch#{R.randrange(90000, 150000)}, fix in PR #{R.randrange(90000, 150000)}",
                 f"vendor RMA case {R.randrange(10**7, 10**8)} for GPU serial ending {R.randrange(1000, 9999)}",
                 f"CVE-{R.randrange(2023, 2026)}-{R.randrange(1000, 49999)} affects our vllm version, bump to 0.{R.randrange(5, 9)}.{R.randrange(0, 5)}"])


def np_versions():
    return pick([fence(f"""torch==2.{R.randrange(2, 6)}.{R.randrange(0, 2)}+cu12{R.randrange(1, 5)}
nvidia-cudnn-cu12=={pick(['8.9.2.26', '9.1.0.70', '9.5.1.17'])}
nvidia-nccl-cu12==2.{R.randrange(18, 24)}.{R.randrange(1, 6)}
nvidia-cublas-cu12==12.{R.randrange(1, 6)}.{R.randrange(1, 5)}.{R.randrange(1, 9)}
triton=={R.randrange(2, 4)}.{R.randrange(0, 3)}.0"""),
                 f"driver {pick(['535.183.01', '550.90.07', '565.57.01'])}, CUDA 12.{R.randrange(1, 9)}, NCCL 2.{R.randrange(18, 24)}.{R.randrange(1, 6)}-1, kernel 5.15.0-{R.randrange(80, 130)}-generic",
                 f"transformers 4.{R.randrange(36, 48)}.{R.randrange(0, 3)}, accelerate 1.{R.randrange(0, 3)}.{R.randrange(0, 2)}, deepspeed 0.{R.randrange(12, 16)}.{R.randrange(0, 9)}"])


def np_coords():
    places = [(47.3769, 8.5417), (48.8566, 2.3522), (35.6762, 139.6503), (52.5200, 13.4050), (37.4275, -122.1697),
              (51.7520, -1.2577), (43.6532, -79.3832), (40.4168, -3.7038)]
    la, lo = pick(places)
    return pick([f"geo-bias check: {R.randrange(1000, 90000):,} images cluster around ({la + R.uniform(-.05, .05):.4f}, {lo + R.uniform(-.05, .05):.4f})",
                 fence(f"lat,lon,count\n" + "\n".join(f"{la + R.uniform(-1, 1):.5f},{lo + R.uniform(-1, 1):.5f},{R.randrange(1, 5000)}" for _ in range(R.randrange(4, 15))), "csv")])


def np_memory_bytes():
    b = R.randrange(10**10, 10**12)
    return pick([f"checkpoint size {b} bytes ({b / 2**30:.1f} GiB), optimizer state {b * 2} bytes",
                 f"du -sb /data/{pick(DATASETS)} → {b}",
                 f"shard sizes: " + ", ".join(f"{R.randrange(10**9, 5 * 10**9)}" for _ in range(R.randrange(3, 7)))])


def np_csv_eval():
    rows = ["run_id,job_id,finished_at,mmlu,gsm8k,hellaswag,tokens_seen"]
    for _ in range(R.randrange(8, 38)):
        rows.append(f"{wandb_id()},{R.randrange(10**7, 6 * 10**7)},{epoch()},{R.uniform(.3, .8):.4f},{R.uniform(.1, .9):.4f},{R.uniform(.5, .9):.4f},{R.randrange(10**10, 3 * 10**12)}")
    return fence("\n".join(rows), "csv")


def np_shapes():
    b = pick([1, 8, 16, 32])
    return pick([f"RuntimeError: shape mismatch: value tensor of shape [{b}, {pick([2048, 4096])}, {pick([32, 40])}, 128] cannot be broadcast to indexing result of shape [{b}, {pick([1024, 8192])}, 8, 128]",
                 f"torch.Size([{b}, {pick([77, 197, 257])}, {pick([768, 1024])}]) vs torch.Size([{b}, {pick([77, 196, 256])}, {pick([768, 1024])}])",
                 f"mat1 and mat2 shapes cannot be multiplied ({b * 2048}x{pick([4096, 5120])} and {pick([4096, 11008, 14336])}x{pick([4096, 5120])})"])


def np_grant():
    return pick([f"compute allocation {pick(['EuroHPC', 'NAIRR', 'ACCESS', 'INCITE'])} project EHPC-{pick(['AI', 'REG', 'DEV'])}-{R.randrange(2024, 2027)}{pick(['A', 'R', 'D'])}{R.randrange(1, 12):02d}-{R.randrange(1, 200):03d}: {R.randrange(10000, 900000):,} node-hours left",
                 f"grant no. {R.randrange(100000, 999999)}/{R.randrange(2024, 2027)}, WBS {R.randrange(1000, 9999)}.{R.randrange(100, 999)}.{R.randrange(10, 99)}"])


NP = [np_squeue, np_sbatch, np_param_counts, np_token_ids, np_timestamps, np_private_net, np_oom, np_hparam_table,
      np_seeds, np_arxiv_doi, np_paper_ids, np_gpu_query, np_cloud_billing, np_speech_ids, np_commoncrawl, np_tweet_ids,
      np_dates, np_throughput, np_ports, np_tickets, np_versions, np_coords, np_memory_bytes, np_csv_eval, np_shapes, np_grant]


# ============================================================================================
# NEGATIVES: data_uri_base64

def png_b64():
    return b64(make_png())


def du_ipynb_output():
    cell = {"cell_type": "code", "execution_count": R.randrange(1, 200), "metadata": {},
            "outputs": [{"data": {"image/png": png_b64(), "text/plain": [f"<Figure size {pick([640, 800, 1200])}x{pick([480, 400, 600])} with 1 Axes>"]},
                         "metadata": {}, "output_type": "display_data"}],
            "source": [f"plt.plot(hist['{pick(['train/loss', 'val/loss', 'lr', 'grad_norm'])}'])\n", "plt.yscale('log')"]}
    return pick(["the notebook diff is huge because of this cell:", "why is loss_curves.ipynb 40MB?", "nbstripout pls 🙏", "outputs committed again:"]) + \
        "\n" + fence(json.dumps(cell, indent=1, ensure_ascii=False), "json")


def du_markdown_img():
    alt = pick(["loss", "attention map layer 12", "confusion matrix", "lr schedule", "Verlustkurve", "学習曲線"])
    return f"![{alt}](data:image/png;base64,{png_b64()})"


def du_html_report():
    return fence(f"""<div class="eval-card">
  <h3>{pick(PROJECTS)} — {pick(['MMLU', 'GSM8K', 'HumanEval', 'ARC-C'])} by step</h3>
  <img alt="plot" width="{R.randrange(300, 800)}" src="data:image/png;base64,{png_b64()}"/>
</div>""", "html")


def du_vision_api_openai():
    img = b64(make_jpeg())
    req = {"model": pick(["gpt-4o-mini", "gpt-4.1"]), "messages": [{"role": "user", "content": [
        {"type": "text", "text": pick(["Describe the chart.", "What is the y-axis label?", "Transcribe the table."])},
        {"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{img}", "detail": "low"}}]}],
           "max_tokens": R.randrange(64, 1024)}
    return "request body from the VQA eval harness (logged at debug):\n" + fence(json.dumps(req, indent=2), "json")


def du_vision_api_anthropic():
    req = {"model": "claude-3-5-sonnet-latest", "max_tokens": R.randrange(128, 2048), "messages": [{"role": "user", "content": [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png_b64()}},
        {"type": "text", "text": pick(["Which curve diverges first?", "Read the axis ticks.", "Is this a log scale?"])}]}]}
    return fence(json.dumps(req), "json")


def du_audio_html():
    return "TTS samples in the eval page are inlined, that's why it's slow:\n" + fence(
        f'<audio controls src="data:audio/wav;base64,{b64(make_wav())}"></audio>', "html")


def du_css_font():
    fam = pick(["Inter", "IBM Plex Sans", "Source Serif", "JetBrains Mono", "Noto Sans JP"])
    return "project page css:\n" + fence(f"""@font-face {{
  font-family: "{fam}";
  font-weight: {pick([400, 500, 700])};
  font-display: swap;
  src: url(data:font/woff2;base64,{b64(make_woff2())}) format("woff2");
}}""", "css")


def du_favicon():
    return fence(f'<link rel="icon" type="image/gif" href="data:image/gif;base64,{b64(make_gif())}">', "html")


def du_truncated_colab():
    s = png_b64()
    return pick(["Colab prints this instead of the figure:", "display() shows the raw string:", "Out[37]:"]) + "\n" + \
        f"'data:image/png;base64,{trunc(s, R.randrange(60, 160))}'"


def du_py_encode():
    s = png_b64()
    return fence(f""">>> import base64
>>> b = base64.b64encode(open("figs/{pick(['loss', 'attn', 'umap', 'tsne'])}.png", "rb").read())
>>> b[:{min(80, len(s))}]
b'{s[:80]}'""", "python")


def du_svg_utf8():
    svg = make_svg()
    from urllib.parse import quote
    return pick([f"sparkline for the dashboard: `data:image/svg+xml;utf8,{quote(svg)}`",
                 f"<img src='data:image/svg+xml;base64,{b64(svg.encode())}'>"])


def du_pdf():
    return pick([f"figure attached as data uri since slack strips pdfs from the bot:\n`data:application/pdf;base64,{b64(make_pdf())}`",
                 fence(json.dumps({"name": f"fig{R.randrange(1, 9)}.pdf", "mime": "application/pdf", "content_b64": b64(make_pdf())}), "json")])


def du_npy():
    return fence(json.dumps({"tensor": "logit_bias_sample", "uri": f"data:application/octet-stream;base64,{b64(make_npy())}"}), "json")


def du_hf_viewer_row():
    row = {"row_idx": R.randrange(0, 90000), "row": {"image": {"bytes": png_b64(), "path": None},
                                                      "label": R.randrange(0, 1000), "caption": pick(["a dog on a beach", "ein Fahrrad", "une tasse de café", "赤い車"])}}
    return fence(json.dumps(row, ensure_ascii=False), "json")


def du_wandb_html():
    return fence(f"""wandb.log({{"attn/layer{R.randrange(0, 32)}": wandb.Html('<img src="data:image/png;base64,{png_b64()}"/>')}})""", "python")


def du_sourcemap():
    sm = b64(json.dumps({"version": 3, "sources": [f"src/{pick(['Leaderboard', 'RunTable', 'Demo'])}.tsx"], "names": [],
                         "mappings": rs(R.randrange(20, 60), "ACDEFGIKMOQSUWYabcdefghijklmnopqrstu;,")}).encode())
    return f"the demo bundle ends with\n```js\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,{sm}\n```"


def du_gradio():
    return fence(f"""def render(img_b64):
    return f'<img src="data:image/png;base64,{{img_b64}}" width=256>'

# placeholder until the model responds
EMPTY = "data:image/gif;base64,{b64(make_gif())}\"""", "python")


def du_ipynb_diff():
    a, b = png_b64(), png_b64()
    return fence(f"""@@ -{R.randrange(100, 900)},7 +{R.randrange(100, 900)},7 @@
     "outputs": [
      {{
       "data": {{
-       "image/png": "{trunc(a, 120)}",
+       "image/png": "{trunc(b, 120)}",
        "text/plain": [""", "diff")


def du_curl_echo():
    return fence(f"""$ echo '{png_b64()}' | base64 -d > /tmp/plot.png && file /tmp/plot.png
/tmp/plot.png: PNG image data, {R.randrange(16, 49)} x {R.randrange(10, 33)}, 8-bit/color RGB, non-interlaced""", "console")


def du_latex_html():
    return f"the arXiv HTML render inlines the equation image: `<img class=\"ltx_graphics\" src=\"data:image/png;base64,{png_b64()}\" alt=\"eq{R.randrange(1, 40)}\">`"


def du_webp_ico():
    body = b"RIFF" + struct.pack("<I", 40) + b"WEBPVP8L" + struct.pack("<I", 28) + b"\x2f" + rb(27)
    return pick([f"thumbnail in the run table: data:image/webp;base64,{b64(body)}",
                 f"`<img src=\"data:image/webp;base64,{b64(body)}\" />` renders blank in safari"])


def du_multimodal_jsonl():
    lines = []
    for i in range(R.randrange(2, 5)):
        lines.append(json.dumps({"id": f"sample-{R.randrange(10**5, 10**6)}", "image": f"data:image/png;base64,{png_b64()}",
                                 "question": pick(["How many bars?", "Wie viele Linien?", "Combien de points ?", "¿Qué color?"])}, ensure_ascii=False))
    return "first lines of `vqa_synth_train.jsonl`:\n" + fence("\n".join(lines))


ND = [du_ipynb_output, du_markdown_img, du_html_report, du_vision_api_openai, du_vision_api_anthropic, du_audio_html,
      du_css_font, du_favicon, du_truncated_colab, du_py_encode, du_svg_utf8, du_pdf, du_npy, du_hf_viewer_row,
      du_wandb_html, du_sourcemap, du_gradio, du_ipynb_diff, du_curl_echo, du_latex_html, du_webp_ico, du_multimodal_jsonl]


# ============================================================================================
# NEGATIVES: placeholder_example

def pe_env_example():
    keys = [("WANDB_API_KEY", pick(["<your-wandb-api-key>", "", "changeme", "your_key_here"])),
            ("HF_TOKEN", pick(["hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "<hf-read-token>", "hf_...", ""])),
            ("OPENAI_API_KEY", pick(["sk-...", "sk-proj-XXXXXXXXXXXXXXXX", "<openai-key>", "YOUR_OPENAI_API_KEY"])),
            ("ANTHROPIC_API_KEY", pick(["sk-ant-api03-...", "sk-ant-xxxxxxxx", "<anthropic-key>", "${ANTHROPIC_API_KEY}"])),
            ("AWS_ACCESS_KEY_ID", pick(["AKIAIOSFODNN7EXAMPLE", "AKIA................", "<aws-key-id>"])),
            ("AWS_SECRET_ACCESS_KEY", pick(["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "<aws-secret>", "****************"])),
            ("MLFLOW_TRACKING_PASSWORD", pick(["changeme", "password", "<ask-infra>"])),
            ("SLACK_BOT_TOKEN", pick(["xoxb-your-bot-token", "xoxb-...", "<slack-bot-token>"]))]
    R.shuffle(keys)
    body = "\n".join(f"{k}={v}" for k, v in keys[:R.randrange(3, 8)])
    return pick([".env.example in the repo — copy to .env and fill in:", "template for the training box:", "`cp .env.example .env` then edit:"]) + "\n" + fence(body, "bash")


def pe_hf_login():
    m = pick(MODELS)
    return pick([fence(f"huggingface-cli login --token $HF_TOKEN\n# or\npython -c \"from huggingface_hub import login; login(token='<paste-your-token>')\"\nhuggingface-cli download our-lab/{m} --local-dir /scratch/{m}", "bash"),
                 f"for gated models like `{m}` run `huggingface-cli login` and paste a *read* token (starts with `hf_…`), don't use a write token on {node()}",
                 fence(f'from huggingface_hub import login\nlogin(token=os.environ["HF_TOKEN"])  # never hardcode hf_xxx here\nsnapshot_download("our-lab/{m}", revision="main")', "python")])


def pe_openai_client():
    return pick([fence(f'client = OpenAI(api_key="sk-...")  # replace with your key, or set OPENAI_API_KEY\nresp = client.chat.completions.create(model="{pick(["gpt-4o-mini", "gpt-4.1-mini", "o3-mini"])}", messages=msgs)', "python"),
                 fence(f'client = anthropic.Anthropic(api_key="YOUR_API_KEY")\nmsg = client.messages.create(model="{pick(["claude-3-5-haiku-latest", "claude-3-7-sonnet-latest"])}", max_tokens={pick([256, 512, 1024])}, messages=msgs)', "python"),
                 fence(f'export OPENAI_API_KEY="sk-proj-<redacted>"\nexport ANTHROPIC_API_KEY="sk-ant-<redacted>"\npython -m evals.judge --suite {pick(["mt-bench", "alpaca-eval", "arena-hard"])}', "bash"),
                 "dashboard shows the key as `sk-proj-…" + rs(4, ALNUM) + "`, that's the one the eval harness uses"])


def pe_aws_docs():
    proj = pick(PROJECTS)
    return pick([fence(f"[{proj}]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = {pick(['us-east-1', 'eu-central-1', 'us-west-2'])}", "ini") + "\n^ from the README of " + proj + ", those are the AWS docs example values",
                 f"the boto3 docs example (`AKIAIOSFODNN7EXAMPLE`) is what's in `tests/fixtures/{proj}_s3.json`, it's fine",
                 fence(f"aws configure --profile {proj}\nAWS Access Key ID [None]: AKIA****************\nAWS Secret Access Key [None]: ****************************************\nDefault region name [None]: {pick(['eu-central-1', 'us-east-2', 'ap-northeast-1'])}")])


def pe_github_actions():
    return fence(f"""jobs:
  eval:
    runs-on: [self-hosted, gpu]
    env:
      HF_TOKEN: ${{{{ secrets.HF_TOKEN }}}}
      WANDB_API_KEY: ${{{{ secrets.WANDB_API_KEY }}}}
      OPENAI_API_KEY: ${{{{ secrets.OPENAI_API_KEY }}}}
    steps:
      - uses: actions/checkout@v4
      - run: python -m evals.run --suite {pick(['nightly', 'smoke', 'full', 'longctx', 'multilingual'])} --model {pick(MODELS)} --shards {R.randrange(1, 17)}""", "yaml")


def pe_netrc():
    return pick([fence(f"machine api.wandb.ai\n  login user\n  password <40-hex-key-from-wandb.ai/authorize>\nmachine {pick(['mlflow', 'minio', 'registry'])}.lab.internal\n  login <your-user>\n  password <see-vault>"),
                 f"`wandb login` writes the key to ~/.netrc — on {node()} (shared) set WANDB_API_KEY in your job script instead (`export WANDB_API_KEY=...`)",
                 f"~/.netrc on the login node is world-readable by default?? `chmod 600 ~/.netrc`, and the password line should just be `password <key>` with your own key, not the team one ({pick(TEAMS)})"])


def pe_kaggle():
    comp = pick(["llm-detect-ai-generated-text", "lmsys-chatbot-arena", "ai-mathematical-olympiad", "birdclef-2025", "eedi-mining-misconceptions"])
    return pick([fence('{"username":"<kaggle-username>","key":"<kaggle-api-key>"}', "json") + f"\nput it in ~/.kaggle/kaggle.json, chmod 600, then `kaggle competitions download -c {comp}`",
                 f"kaggle.json looks like `{{\"username\":\"xxxxxxxx\",\"key\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}}` — needed for `{comp}` (submission deadline {ts_iso()[:10]})"])


def pe_masked_keys():
    return pick([f"openai usage page lists: `sk-proj-****{rs(4, ALNUM)}` (eval-harness), `sk-****{rs(4, ALNUM)}` (legacy, to delete)",
                 f"the logs mask it correctly now: `Authorization: Bearer sk-ant-***`, `x-api-key: ****{rs(4, ALNUM)}`",
                 f"W&B settings page: API key `{rs(4, HEX)}••••••••••••••••••••••••••••••••{rs(4, HEX)}`",
                 f"GitHub shows the deploy token as `ghp_••••••••{rs(4, ALNUM)}` — no way to read it back, must regenerate"])


def pe_masked_billing():
    return pick([f"compute card on file: Visa •••• {R.randrange(1000, 9999)}, exp {R.randrange(1, 13):02d}/{R.randrange(26, 31)}",
                 f"reimbursement form wants IBAN — mine shows as DE•• •••• •••• •••• ••{R.randrange(10, 99)} {R.randrange(10, 99)} in the portal, is that enough?",
                 f"the form example says `SSN: XXX-XX-XXXX`, foreign students put `N/A`",
                 f"Rechnungsadresse ok, Karte endet auf {R.randrange(1000, 9999)} (Kostenstelle Lehrstuhl)",
                 f"tarjeta terminada en {R.randrange(1000, 9999)}, **** **** **** {R.randrange(1000, 9999)} en la factura de la nube"])


def pe_k8s_secret():
    v = pick(["changeme", "password", "replace-me", "TODO"])
    return fence(f"""apiVersion: v1
kind: Secret
metadata:
  name: {pick(['mlflow-db', 'label-studio', 'jupyterhub', 'minio'])}-credentials
type: Opaque
stringData:
  username: admin
  password: "{v}"   # overwritten by external-secrets in prod
data:
  api-key: {b64(v.encode())}""", "yaml")


def pe_optuna_storage():
    port = pick([5432, 5433, 15432])
    return pick([fence(f'study = optuna.create_study(storage="postgresql://user:password@localhost:{port}/optuna", study_name="{pick(PROJECTS)}-sweep")', "python"),
                 f"mlflow server --backend-store-uri postgresql://mlflow:mlflow@localhost:{port}/mlflow --default-artifact-root s3://mlflow-artifacts/{pick(PROJECTS)}",
                 f"the minio quickstart uses `minioadmin:minioadmin`, that's what's on the dev box for {pick(PROJECTS)}, prod is different",
                 fence(f"redis://:${{REDIS_PASSWORD}}@${{REDIS_HOST}}:6379/{R.randrange(0, 16)}", "bash")])


def pe_jupyter():
    port = R.randrange(8800, 9000)
    return pick([fence(f"jupyter lab --no-browser --port={port} --NotebookApp.token='' --NotebookApp.password=''", "bash") + f"\n(only bound to localhost on {node()}, tunnel via ssh)",
                 f"jupyter prints `http://127.0.0.1:{port}/lab?token=...` — copy the full url from your own terminal, don't paste it here",
                 fence(f"c.ServerApp.port = {port}\nc.ServerApp.password = ''  # set with `jupyter server password`\nc.ServerApp.token = '<generated-at-start>'", "python")])


def pe_pem_template():
    t = pick(["OPENSSH", "RSA", "EC", ""])
    body = pick(["<paste your key here>", "...", "MIIE...(snip)...", "b3BlbnNzaC1rZXktdjEAAAAA...", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"])
    return "the secret in the cluster config must look like:\n" + fence(f"-----BEGIN {t + ' ' if t else ''}PRIVATE KEY-----\n{body}\n-----END {t + ' ' if t else ''}PRIVATE KEY-----")


def pe_model_card():
    return fence(f"""# Model Card for {pick(PROJECTS)}-{pick(['base', 'instruct', 'rm', 'dpo'])}-{R.randrange(1, 9)}

## Model Card Contact

[More Information Needed]

## Model Card Authors

[More Information Needed]

- **Developed by:** {pick(['[More Information Needed]', 'Anonymous (under review)', 'the lab'])}
- **Funded by [optional]:** [More Information Needed]
- **License:** {pick(['apache-2.0', 'mit', 'cc-by-nc-4.0', '[More Information Needed]'])}""", "markdown")


def pe_bibtex_anon():
    return fence(f"""@inproceedings{{anonymous{R.randrange(2024, 2027)}{pick(['scaling', 'sparse', 'tokenfree', 'routing'])},
  title     = {{{pick(['Sparse Mixtures Revisited', 'On the Tokenizer Bottleneck', 'Learning Rate Transfer at Scale', 'Long-Context Retrieval Heads'])}}},
  author    = {{Anonymous Authors}},
  booktitle = {{Submitted to {pick(['ICLR', 'NeurIPS', 'ICML', 'COLM'])} {R.randrange(2025, 2027)}}},
  year      = {{{R.randrange(2025, 2027)}}},
  note      = {{under review}},
  url       = {{https://openreview.net/forum?id=XXXXXXXXXX}}
}}""", "bibtex")


def pe_slack_webhook():
    ch = pick(["#training-runs", "#ml-alerts", "#eval-nightly", "#gpu-queue", "#ckpt-uploads", "#sweeps-" + pick(PROJECTS)])
    return pick([f"the alert bot for {ch} posts to `https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX` in the docs — real url lives in the secret store",
                 fence(f'SLACK_BOT_TOKEN: "xoxb-<workspace>-<bot-id>-<secret>"\nSLACK_APP_TOKEN: "xapp-1-..."\nSLACK_CHANNEL: "{ch}"', "yaml"),
                 f"set `SLACK_TOKEN=xoxb-…` in the training job so the run-finished notifier posts to {ch}"])


def pe_gh_placeholder():
    repo = pick(["private-evals", "lab-utils", "ckpt-tools", "data-recipes", "paper-2025-code"])
    return pick([f"GH_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # fine-grained, contents:read on {repo}",
                 f"clone with `git clone https://<user>:<token>@github.com/our-org/{repo}.git` or better via ssh",
                 fence(f"pip install git+https://${{GITHUB_TOKEN}}@github.com/our-org/{repo}.git@v0.{R.randrange(1, 9)}.{R.randrange(0, 9)}", "bash"),
                 f"template: `github_pat_<22 chars>_<59 chars>` — the one for {repo} expires every {pick([30, 60, 90])} days"])


def pe_redacted_log():
    return fence(f"""{ts_iso()}Z INFO  launcher  env: HF_TOKEN=[REDACTED] WANDB_API_KEY=[REDACTED] NCCL_DEBUG=INFO
{ts_iso()}Z INFO  launcher  s3 creds: aws_access_key_id=<redacted> aws_secret_access_key=<redacted>
{ts_iso()}Z INFO  launcher  db url: postgresql://svc_eval:***@{private_ip()}:5432/results""")


def pe_slurm_template():
    return fence(f"""#!/bin/bash
#SBATCH --job-name=<your-job-name>
#SBATCH --account=<project-account>
#SBATCH --mail-user=<your-lab-email>
#SBATCH --mail-type=END,FAIL
#SBATCH --gres=gpu:{pick([1, 4, 8])}
#SBATCH --time={R.randrange(1, 48):02d}:00:00
export WANDB_API_KEY="${{WANDB_API_KEY:?set it in ~/.bashrc}}"
srun python train.py --config configs/{pick(PROJECTS)}.yaml""", "bash")


def pe_fake_contact():
    return pick([f"for the dataset license form, the example contact is `+1-555-01{R.randrange(0, 100):02d}` — put the lab's generic line, not your mobile",
                 f"the IRB template (v{R.randrange(2, 9)}) says `Phone: (xxx) xxx-xxxx`, `Email: ____________`",
                 f"Kontakt im Datenblatt für {pick(DATASETS)}: `+49 (0)xxx xxxxxxx`, bitte keine privaten Nummern",
                 f"formulaire type pour {pick(['NeurIPS', 'ICLR', 'ACL', 'CVPR'])} : `Tél. : 01 XX XX XX XX`, `IBAN : FRXX XXXX XXXX XXXX`"])


def pe_config_dump():
    return fence(f"""logger:
  _target_: lightning.pytorch.loggers.WandbLogger
  project: {pick(PROJECTS)}
  entity: {pick(TEAMS)}
  api_key: ${{oc.env:WANDB_API_KEY}}
hub:
  push_to_hub: {pick(['true', 'false'])}
  hub_token: ${{oc.env:HF_TOKEN,null}}
s3:
  key: "{{{{ env('AWS_ACCESS_KEY_ID') }}}}"
  secret: "{{{{ env('AWS_SECRET_ACCESS_KEY') }}}}\"""", "yaml")


def pe_test_fixture():
    n = R.randrange(1000, 9999)
    return pick([fence(f'FAKE_KEY = "sk-test-" + "0" * {pick([32, 40, 48])}\nassert not looks_like_real_key(FAKE_KEY)', "python"),
                 fence(f'def test_masks_card_{n}():\n    assert mask("XXXX-XXXX-XXXX-{n}") == "****-****-****-{n}"', "python"),
                 fence(f'DUMMY_JWT = "eyJhbGciOiJub25lIn0.e30."  # alg=none, empty claims\nassert decode(DUMMY_JWT, verify=False) == {{}}  # case {n}', "python")])


def pe_vault_ref():
    svc = pick(["hf", "wandb", "openai", "anthropic", "s3-ckpt", "slack-notifier"])
    return pick([f"token is pulled at job start from `vault kv get -field=token secret/ml/{svc}` — don't export it globally",
                 f"`op://ML Infra/{svc}-service/credential` is the reference, the runner resolves it",
                 fence(f'{svc.upper().replace("-", "_")}_TOKEN: "{{{{resolve:secretsmanager:ml/{svc}-token:SecretString:token}}}}"', "yaml")])


NPE = [pe_env_example, pe_hf_login, pe_openai_client, pe_aws_docs, pe_github_actions, pe_netrc, pe_kaggle, pe_masked_keys,
       pe_masked_billing, pe_k8s_secret, pe_optuna_storage, pe_jupyter, pe_pem_template, pe_model_card, pe_bibtex_anon,
       pe_slack_webhook, pe_gh_placeholder, pe_redacted_log, pe_slurm_template, pe_fake_contact, pe_config_dump,
       pe_test_fixture, pe_vault_ref]


# ============================================================================================
# NEGATIVES: code_identifier

def ci_tokenizer_cfg():
    return fence(json.dumps({"add_bos_token": True, "add_eos_token": False, "bos_token": "<s>", "eos_token": "</s>",
                             "pad_token": pick(["<pad>", "</s>", None]), "unk_token": "<unk>",
                             "model_max_length": pick([2048, 4096, 8192, 131072]), "padding_side": pick(["left", "right"]),
                             "tokenizer_class": pick(["LlamaTokenizer", "PreTrainedTokenizerFast", "Qwen2Tokenizer"]),
                             "additional_special_tokens": ["<|im_start|>", "<|im_end|>"], "clean_up_tokenization_spaces": False}, indent=2), "json")


def ci_pad_token_code():
    return pick([fence(f"if tokenizer.pad_token is None:\n    tokenizer.pad_token = tokenizer.eos_token\n    model.config.pad_token_id = tokenizer.eos_token_id\ntokenizer.padding_side = \"{pick(['left', 'right'])}\"", "python"),
                 fence(f"out = model.generate(**batch, max_new_tokens={pick([128, 256, 512])}, pad_token_id=tok.pad_token_id, eos_token_id=[tok.eos_token_id, tok.convert_tokens_to_ids('<|eot_id|>')])", "python"),
                 f"`token_type_ids` is still being passed to the {pick(['llama', 'qwen2', 'mistral', 'gemma2'])} forward, hence the TypeError",
                 f"careful: `add_special_tokens=False` when you concat prompt+completion, otherwise double BOS ({pick(MODELS)} tokenizer)"])


def ci_hf_token_trace():
    repo = pick(["meta-llama/Llama-3.1-8B", "mistralai/Mistral-7B-v0.3", "google/gemma-2-9b", "bigcode/starcoder2-15b"])
    fname = pick(["config.json", "tokenizer_config.json", "model.safetensors.index.json", "generation_config.json"])
    return fence(f"""Traceback (most recent call last):
  File "/opt/conda/lib/python3.{pick([10, 11, 12])}/site-packages/huggingface_hub/utils/_http.py", line {R.randrange(380, 480)}, in hf_raise_for_status
    response.raise_for_status()
requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://huggingface.co/{repo}/resolve/main/{fname}

The above exception was the direct cause of the following exception:

  File "/opt/conda/lib/python3.11/site-packages/transformers/utils/hub.py", line {R.randrange(380, 480)}, in cached_file
    resolved_file = hf_hub_download(path_or_repo_id, filename, token=token, revision=revision)
huggingface_hub.errors.GatedRepoError: 401 Client Error.
Cannot access gated repo for url https://huggingface.co/{repo}/resolve/main/{fname}.
Access to model {repo} is restricted. You must have access to it and be authenticated to access it. Please log in.""")


def ci_openai_autherr():
    return fence(f"""openai.AuthenticationError: Error code: 401 - {{'error': {{'message': 'Incorrect API key provided: sk-proj-********************{rs(4, ALNUM)}. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'param': None, 'code': 'invalid_api_key'}}}}""")


def ci_wandb_err():
    return pick([fence(f"wandb.errors.errors.UsageError: api_key not configured (no-tty). call wandb.login(key=[your_api_key])\n  (job {R.randrange(10**6, 10**8)} on {node()})"),
                 fence(f"wandb: ERROR API key must be 40 characters long, yours was {pick([0, 1, 39, 41])}\nwandb: ERROR Abnormal program exit"),
                 fence(f"wandb: Appending key for api.wandb.ai to your netrc file: /home/{pick(['svc-train', 'labuser07', 'ci-bot'])}/.netrc")])


def ci_jax_keys():
    return fence(f"""key = jax.random.PRNGKey({pick([0, 42, 1234])})
key, init_key, dropout_key = jax.random.split(key, 3)
dummy_tokens = jnp.zeros(({pick([1, 2, 8])}, {pick([128, 512, 2048])}), dtype=jnp.int32)
params = model.init({{"params": init_key, "dropout": dropout_key}}, dummy_tokens)
def train_step(state, batch, rng_key):
    dropout_rng = jax.random.fold_in(rng_key, state.step)""", "python")


def ci_pii_ner_labels():
    labels = ["O", "B-EMAIL", "I-EMAIL", "B-PHONE_NUMBER", "I-PHONE_NUMBER", "B-CREDIT_CARD", "I-CREDIT_CARD", "B-IBAN", "I-IBAN",
              "B-US_SSN", "I-US_SSN", "B-PASSWORD", "I-PASSWORD", "B-API_KEY", "I-API_KEY", "B-IP_ADDRESS", "I-IP_ADDRESS"]
    k = R.randrange(7, len(labels) + 1)
    return pick(["label map for the pii-ner run:", "id2label from config.json:", "PII-NER ラベル定義:"]) + "\n" + \
        fence(json.dumps({str(i): l for i, l in enumerate(labels[:k])}, indent=1), "json")


def ci_pii_metrics():
    ents = ["EMAIL", "PHONE_NUMBER", "CREDIT_CARD", "IBAN", "US_SSN", "PASSWORD", "API_KEY", "IP_ADDRESS", "PERSON"]
    rows = ["              precision    recall  f1-score   support", ""]
    for e in ents[:R.randrange(4, 10)]:
        p, r = R.uniform(.6, .99), R.uniform(.5, .99)
        rows.append(f"{e:>14}       {p:.2f}      {r:.2f}      {2 * p * r / (p + r):.2f}      {R.randrange(50, 4000):>5}")
    return fence("\n".join(rows))


def ci_scrubber_trace():
    fns = ["scrub_emails", "mask_phone_numbers", "redact_credit_cards", "drop_iban_like", "detect_api_keys", "hash_ssn_spans",
           "_luhn_check", "strip_private_keys", "anonymize_ip_addresses", "filter_password_lines"]
    R.shuffle(fns)
    frames = "\n".join(f'  File "/work/datapipe/pii/{f.strip("_")}.py", line {R.randrange(10, 400)}, in {f}\n    {pick(["spans = list(_iter_matches(text))", "return PATTERN.sub(_mask, doc)", "if not _luhn_check(digits):", "out.append(normalize(m.group(0)))"])}'
                       for f in fns[:R.randrange(2, 6)])
    last = pick(["re.error: bad escape \\d at position 12", "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xa3 in position " + str(R.randrange(10**4)),
                 "TimeoutError: regex took > 5s on doc " + str(R.randrange(10**6))])
    return fence(f"""Traceback (most recent call last):
  File "/work/datapipe/run_pii_filter.py", line {R.randrange(20, 200)}, in <module>
    main()
{frames}
{last}""")


def ci_vllm_flags():
    return fence(f"""vllm serve {pick(['Qwen/Qwen2.5-7B-Instruct', 'meta-llama/Llama-3.1-8B-Instruct'])} \\
  --api-key "$VLLM_API_KEY" \\
  --max-num-batched-tokens {pick([8192, 16384, 32768])} \\
  --max-model-len {pick([8192, 32768])} \\
  --tokenizer-mode auto \\
  --served-model-name lab-{pick(['chat', 'judge', 'rm'])}""", "bash")


def ci_secrets_module():
    return pick([fence(f"import secrets\nrun_salt = secrets.token_hex({pick([4, 8, 16])})  # only for naming output dirs\nshard_key = secrets.token_urlsafe({pick([6, 8])})\nout_dir = f\"/scratch/{pick(PROJECTS)}/{{run_salt}}\"", "python"),
                 fence(f"from transformers import set_seed\nset_seed(cfg.seed)\ng = torch.Generator(device='cuda').manual_seed(cfg.seed + rank * {pick([1, 1000, 7919])})", "python")])


def ci_cuda_kernels():
    ks = ["void at::native::(anonymous namespace)::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float>>>",
          "flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t>, true, false, false, false, true, true, false>",
          "_ZN2at6native29vectorized_elementwise_kernelILi4ENS0_13BinaryFunctorIN3c108BFloat16ES4_S4_NS0_15binary_internal10MulFunctorIfEEEESt5arrayIPcLm3EEEEviT0_T1_",
          "triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0",
          "ampere_bf16_s16816gemm_bf16_256x128_ldg8_f2f_stages_64x3_tn",
          "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"]
    rows = ["Time (%)  Total Time (ns)  Instances  Name"]
    for k in R.sample(ks, R.randrange(3, len(ks) + 1)):
        rows.append(f"{R.uniform(1, 40):>8.1f}  {R.randrange(10**8, 10**11):>15}  {R.randrange(100, 90000):>9}  {k}")
    return "nsys profile top kernels:\n" + fence("\n".join(rows))


def ci_token_budget_class():
    return fence(f"""class TokenBudgetScheduler:
    \"\"\"Packs sequences until max_tokens_per_batch is hit.\"\"\"
    def __init__(self, max_tokens_per_batch: int = {pick([65536, 131072, 262144])}, drop_last_partial_token_block: bool = True):
        self.max_tokens_per_batch = max_tokens_per_batch
        self._tokens_seen = 0

    def secret_sauce_bucketing(self, lengths):  # name is a joke, it's just sorting
        return sorted(range(len(lengths)), key=lengths.__getitem__, reverse={pick(['True', 'False'])})[:{pick([64, 128, 256, 512])}]""", "python")


def ci_keyerror():
    k = pick(["lm_head.weight", "model.embed_tokens.weight", "rotary_emb.inv_freq", "token_embedding.weight", "state_dict", "optimizer_key_map"])
    return fence(f"""  File "/work/src/ckpt/load.py", line {R.randrange(30, 300)}, in load_sharded_state_dict
    sd[k] = shards[key_to_shard[k]][k]
KeyError: '{k}'""")


def ci_creditcard_dataset():
    cols = ["Time"] + [f"V{i}" for i in range(1, 29)] + ["Amount", "Class"]
    return pick([f"columns of creditcard.csv (the kaggle fraud benchmark): {', '.join(cols)} — baseline AUPRC {R.uniform(.7, .88):.3f}",
                 fence(f"df = pd.read_csv('data/creditcard.csv')\nX, y = df.drop(columns=['Class']), df['Class']\nprint(y.mean())  # {R.uniform(0.0015, 0.0019):.5f}", "python"),
                 fence(f"features:\n  - card_bin_bucket\n  - card_present_flag\n  - merchant_category_code\n  - txn_amount_log\n  - account_age_days\ntarget: is_fraud\nmodel: {pick(['lightgbm', 'xgboost', 'tabnet', 'ft-transformer'])}", "yaml")])


def ci_java_trace():
    return fence(f"""Exception in thread "main" org.apache.spark.SparkException: Job aborted due to stage failure: Task {R.randrange(0, 900)} in stage {R.randrange(1, 90)}.0 failed 4 times
Caused by: java.lang.IllegalArgumentException: Invalid token count in TokenizerUDF
	at ai.lab.datapipe.tokenize.TokenizerUDF.countTokens(TokenizerUDF.scala:{R.randrange(20, 200)})
	at ai.lab.datapipe.pii.PasswordLineFilter.apply(PasswordLineFilter.scala:{R.randrange(20, 200)})
	at ai.lab.datapipe.pii.CreditCardMasker$$anonfun$mask$1.apply(CreditCardMasker.scala:{R.randrange(20, 200)})
	at org.apache.spark.sql.catalyst.expressions.ScalaUDF.eval(ScalaUDF.scala:1195)
	at org.apache.spark.executor.Executor$TaskRunner.run(Executor.scala:{R.randrange(500, 700)})""")


def ci_config_keys():
    return fence(f"""eval:
  judge:
    provider: {pick(['openai', 'anthropic', 'local-vllm'])}
    api_key_env: {pick(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'VLLM_API_KEY'])}
    max_output_tokens: {pick([512, 1024, 2048])}
  datasets:
    - name: pii_redaction_bench
      fields: [text, spans, secret_type]
      drop_if_contains_password_field: true
tokenizer:
  special_tokens_file: special_tokens_map.json
  token_healing: false""", "yaml")


def ci_rust_tokenizers():
    return fence(f"""thread '<unnamed>' panicked at tokenizers/src/models/bpe/model.rs:{R.randrange(100, 600)}:{R.randrange(5, 60)}:
called `Option::unwrap()` on a `None` value: TokenNotFound("{pick(['<|reserved_special_token_17|>', '▁▁▁▁', 'Ġ'])}")
stack backtrace:
   0: rust_begin_unwind
   1: core::panicking::panic_fmt
   2: tokenizers::models::bpe::model::BPE::token_to_id
   3: tokenizers::tokenizer::added_vocabulary::AddedVocabulary::add_special_tokens
   4: tokenizers::tokenizer::TokenizerImpl<M,N,PT,PP,D>::add_special_tokens""")


def ci_cpp_mangled():
    return fence(f"""#0  0x00007f{hx(10)} in c10::cuda::CUDACachingAllocator::Native::DeviceCachingAllocator::malloc(int, unsigned long, CUstream_st*) ()
#1  0x00007f{hx(10)} in _ZN3c104cuda20CUDACachingAllocator6Native22NativeCachingAllocator6mallocEPPvimP11CUstream_st ()
#2  0x00007f{hx(10)} in at::native::embedding_dense_backward_cuda(at::Tensor const&, at::Tensor const&, long, long, bool) ()
#3  0x00007f{hx(10)} in torch::autograd::generated::EmbeddingBackward0::apply(std::vector<at::Tensor>&&) ()""")


def ci_sql():
    return fence(f"""SELECT run_id, COUNT(*) AS n_flagged
FROM annotation_spans
WHERE label IN ('PASSWORD', 'API_KEY', 'CREDIT_CARD', 'US_SSN')
  AND reviewer_decision = 'false_positive'
  AND created_at > now() - interval '{R.randrange(2, 30)} days'
GROUP BY run_id ORDER BY n_flagged DESC LIMIT {R.randrange(5, 50)};""", "sql")


def ci_ssh_agent_err():
    return pick([fence(f"Permission denied (publickey,gssapi-keyex,gssapi-with-mic).\nssh: sign_and_send_pubkey: signing failed for ED25519 \"/home/{pick(['svc-train', 'labuser07', 'labuser12'])}/.ssh/id_ed25519\" from agent: agent refused operation"),
                 fence(f"ssh: connect to host {node()} port 22: Permission denied (publickey).\nfatal: Could not read from remote repository."),
                 fence(f"error: RPC failed; HTTP 403 curl 22 The requested URL returned error: 403\nremote: Write access to repository not granted. Check that your token has the `repo` scope.\nfatal: unable to access 'https://github.com/our-org/{pick(['private-evals', 'lab-utils', 'ckpt-tools'])}.git/'")])


def ci_ts_frontend():
    return fence(f"""export function use{pick(['ApiKey', 'WandbKey', 'HfToken', 'JudgeKey'])}Status(projectId: string, pollMs = {pick([5000, 10000, 30000, 60000])}) {{
  const {{ data: apiKeyStatus }} = useQuery(['apiKeyStatus', projectId], fetchApiKeyStatus);
  const isTokenExpired = apiKeyStatus?.tokenExpiresAt < Date.now();
  return {{ hasWandbApiKey: !!apiKeyStatus?.hasKey, isTokenExpired }};
}}""", "ts")


def ci_go_uploader():
    return fence(f"""func (u *CheckpointUploader) presignURL(ctx context.Context, key string) (string, error) {{
	creds, err := u.credentialsProvider.Retrieve(ctx)
	if err != nil {{
		return "", fmt.Errorf("retrieve sessionToken/secretAccessKey: %w", err)
	}}
	_ = creds.SessionToken
	return u.presigner.PresignPutObject(ctx, u.bucket, key, {R.randrange(5, 60)}*time.Minute)
}}""", "go")


def ci_grep_output():
    return fence(f"""$ rg -n "api_key|password|secret" src/ | head
src/evals/judge.py:{R.randrange(10, 99)}:    api_key = os.environ[cfg.judge.api_key_env]
src/launch/env.py:{R.randrange(10, 99)}:SECRET_ENV_VARS = ("HF_TOKEN", "WANDB_API_KEY", "OPENAI_API_KEY")
src/data/pii.py:{R.randrange(10, 99)}:def looks_like_password(line: str) -> bool:
src/data/pii.py:{R.randrange(100, 199)}:    return PASSWORD_KV_RE.search(line) is not None""", "console")


NCI = [ci_tokenizer_cfg, ci_pad_token_code, ci_hf_token_trace, ci_openai_autherr, ci_wandb_err, ci_jax_keys, ci_pii_ner_labels,
       ci_pii_metrics, ci_scrubber_trace, ci_vllm_flags, ci_secrets_module, ci_cuda_kernels, ci_token_budget_class, ci_keyerror,
       ci_creditcard_dataset, ci_java_trace, ci_config_keys, ci_rust_tokenizers, ci_cpp_mangled, ci_sql, ci_ssh_agent_err,
       ci_ts_frontend, ci_go_uploader, ci_grep_output]


# extra templates (appended to the category lists)

def np_bibtex():
    a = f"{R.randrange(20, 26)}{R.randrange(1, 13):02d}.{R.randrange(1, 20000):05d}"
    org = pick(["{Gemma Team}", "{Llama Team}", "{Qwen Team}", "{OLMo Team}", "{BigScience Workshop}", "{DeepSeek-AI}"])
    y = R.randrange(2022, 2026)
    return fence(f"""@article{{{org.strip('{}').split()[0].lower()}{y}{pick(['report', 'technical', 'open'])},
  title   = {{{pick(['Technical Report', 'Open Models at Scale', 'Improving Open Language Models', 'Scaling Open Models'])}}},
  author  = {{{org}}},
  journal = {{arXiv preprint arXiv:{a}}},
  eprint  = {{{a}}},
  archivePrefix = {{arXiv}},
  volume  = {{{R.randrange(1, 40)}}},
  pages   = {{{R.randrange(1, 900)}--{R.randrange(900, 1800)}}},
  doi     = {{10.48550/arXiv.{a}}},
  year    = {{{y}}}
}}""", "bibtex")


def np_latex_table():
    rows = []
    for name in R.sample(["Learning rate", "Warmup steps", "Batch size (tokens)", "Weight decay", "Adam $\\beta_2$",
                          "Sequence length", "Training steps", "Seed", "Gradient clip", "RoPE base"], R.randrange(4, 9)):
        val = {"Learning rate": f"${R.randrange(1, 9)}\\times 10^{{-{R.randrange(3, 6)}}}$", "Warmup steps": f"{R.randrange(1, 5) * 1000:,}",
               "Batch size (tokens)": f"{pick([1048576, 2097152, 4194304]):,}", "Weight decay": pick(["0.1", "0.01", "0.0"]),
               "Adam $\\beta_2$": pick(["0.95", "0.98", "0.999"]), "Sequence length": pick(["2048", "4096", "8192"]),
               "Training steps": f"{R.randrange(50, 600) * 1000:,}", "Seed": str(pick([0, 1, 42, 1234, R.randrange(10**6, 10**9)])),
               "Gradient clip": "1.0", "RoPE base": pick(["10{,}000", "500{,}000", "1{,}000{,}000"])}[name]
        rows.append(f"{name} & {val} \\\\")
    return "for the appendix:\n" + fence("\\begin{table}[t]\n\\centering\n\\begin{tabular}{lr}\n\\toprule\nHyperparameter & Value \\\\\n\\midrule\n"
                                         + "\n".join(rows) + f"\n\\bottomrule\n\\end{{tabular}}\n\\caption{{Pretraining hyperparameters.}}\n\\label{{tab:hp-{R.randrange(1, 9)}}}\n\\end{{table}}", "latex")


def np_tensor_print():
    r, c = R.randrange(2, 6), R.randrange(3, 7)
    rows = ",\n        ".join("[" + ", ".join(f"{R.gauss(0, 1.2):8.4f}" for _ in range(c)) + "]" for _ in range(r))
    return fence(f"tensor([{rows}], device='cuda:{R.randrange(8)}', dtype=torch.{pick(['bfloat16', 'float32', 'float16'])}, grad_fn=<{pick(['AddmmBackward0', 'MulBackward0', 'SoftmaxBackward0', 'NativeLayerNormBackward0'])}>)")


def nb_config_dump():
    return "resolved config (hydra) for the run:\n" + fence(f"""experiment: {pick(PROJECTS)}
seed: {pick([0, 1, 42, 1234, 3407])}
model:
  name: {pick(MODELS)}
  revision: {hx(40)}
data:
  name: {pick(DATASETS)}
  manifest_sha256: {hx(64)}
  tokenizer_sha1: {hx(40)}
trainer:
  precision: bf16-mixed
  devices: {pick([8, 16, 64])}
  strategy: fsdp
tracker:
  wandb_run_id: {wandb_id()}
  mlflow_run_id: {hx(32)}
slurm:
  job_id: {R.randrange(10**6, 10**8)}
git:
  commit: {hx(40)}
  dirty: {pick(['false', 'true'])}""", "yaml")


def nb_tokenizer_output():
    toks = pick([(["▁The", "▁quick", "▁brown", "▁fox"], "sentencepiece"), (["Ġhello", "Ġworld", "!", "<|endoftext|>"], "gpt2-bpe"),
                 (["[CLS]", "un", "##believ", "##able", "[SEP]"], "wordpiece"), (["▁東京", "は", "▁晴れ"], "sentencepiece"),
                 (["<s>", "▁def", "▁get", "_", "api", "_", "key", "():"], "llama-bpe")])
    ids = [R.randrange(3, 128000) for _ in toks[0]]
    return fence(json.dumps({"tokenizer": toks[1], "tokens": toks[0], "input_ids": ids, "attention_mask": [1] * len(ids),
                             "vocab_sha256": hx(64)}, ensure_ascii=False), "json")


NP.extend([np_bibtex, np_latex_table, np_tensor_print])
NB.extend([nb_config_dump, nb_tokenizer_output])


def np_pip_freeze():
    pins = [f"torch==2.{R.randrange(3, 6)}.{R.randrange(0, 2)}", f"nvidia-cudnn-cu12=={pick(['8.9.2.26', '9.1.0.70', '9.5.1.17'])}",
            f"nvidia-cuda-runtime-cu12==12.{R.randrange(1, 5)}.{R.randrange(100, 130)}", f"nvidia-cusparse-cu12==12.{R.randrange(1, 4)}.{R.randrange(0, 3)}.{R.randrange(100, 200)}",
            f"nvidia-nvjitlink-cu12==12.{R.randrange(4, 7)}.{R.randrange(60, 130)}", f"transformers==4.{R.randrange(40, 48)}.{R.randrange(0, 3)}",
            f"flash-attn==2.{R.randrange(5, 8)}.{R.randrange(0, 4)}", f"numpy==1.26.4"]
    R.shuffle(pins)
    return pick(["pip freeze | grep -i -e nvidia -e torch on the new image:", "env diff between the two nodes:", "pip freeze (relevant bits):"]) + \
        "\n" + fence("\n".join(sorted(pins[:R.randrange(4, 9)])))


NP.append(np_pip_freeze)


# ============================================================================================
# NEGATIVES: talk_about_secrets

TALK = {
    "en": [
        "Reminder: never paste your HF token in this channel, DM it to nobody either — use the vault path in the wiki.",
        "Who has admin on the W&B team? I need to rotate the service account API key after the offboarding.",
        "The OpenAI key for the eval harness got rate-limited, not leaked — no need to rotate it.",
        "Somebody pushed a notebook with an AWS secret key to a public Space last year, so the pre-commit hook is mandatory now.",
        "If you forgot your cluster password, the self-service reset page sends a code to your registered phone number.",
        "Please don't put your personal credit card on the cloud account, the department card is on file.",
        "For conference reimbursement finance needs your IBAN on the form, not in Slack.",
        "The annotation vendor asked for the annotators' SSNs for tax forms — legal says that goes through HR, never through us.",
        "Our PII filter dropped 0.3% of docs for containing phone numbers or email addresses; the breakdown is in the notebook.",
        "Do we rotate the SSH deploy key for the eval repo on a schedule or only when someone leaves?",
        "The Anthropic key is scoped to the eval workspace only, so the spend limit applies there.",
        "I revoked my GitHub PAT after the laptop incident and made a fine-grained one with read-only access.",
        "Slack bot token for the run notifier lives in the secrets manager; the bot never logs it.",
        "Jupyter on the shared nodes must have a password or token — an open port got scanned last week.",
    ],
    "de": [
        "Bitte keine API-Keys im Channel posten, auch nicht \"nur kurz\" — dafür gibt es den Vault.",
        "Wer hat noch Zugriff auf den W&B-Account vom Lehrstuhl? Das Passwort sollte nach dem Semester geändert werden.",
        "Der HF-Token im CI ist nur lesend, für Uploads nehmen wir den Service-Account.",
        "Für die Reisekostenabrechnung braucht die Verwaltung eure IBAN — bitte direkt ins Formular, nicht per Mail.",
        "Die Kreditkarte vom Institut ist für die Cloud-GPUs hinterlegt, privat bitte nichts vorstrecken.",
        "Im Crawl waren erstaunlich viele Telefonnummern und E-Mail-Adressen, der Filter läuft jetzt vor der Deduplizierung.",
        "Nach dem Leak im Februar haben wir alle AWS-Zugangsschlüssel rotiert und MFA erzwungen.",
        "Hat jemand den SSH-Schlüssel für den neuen Login-Knoten schon hinterlegt?",
    ],
    "fr": [
        "Rappel : ne collez jamais de clé API ni de mot de passe ici, utilisez le coffre-fort de l'équipe.",
        "Qui gère le jeton Hugging Face de l'organisation ? Il faut le renouveler avant la date d'expiration.",
        "Pour le remboursement de la conférence, envoyez votre RIB/IBAN via le portail, pas par Slack.",
        "Le filtre PII retire les numéros de téléphone et les adresses e-mail avant la tokenisation.",
        "On a révoqué la clé OpenAI de l'ancien stagiaire, la nouvelle est dans le gestionnaire de secrets.",
        "La carte bancaire du labo est plafonnée, prévenez avant de lancer un gros job sur le cloud.",
        "Quelqu'un sait si le mot de passe du serveur MLflow a changé depuis la migration ?",
    ],
    "es": [
        "Por favor, no compartáis tokens de acceso en el canal; pedídselos a infra por el gestor de secretos.",
        "¿Alguien sabe cómo rotar la clave de la API de W&B sin romper los runs que están en marcha?",
        "El proveedor de anotación pidió números de seguridad social; eso lo gestiona RR. HH., no nosotros.",
        "Para el reembolso del viaje necesitan tu IBAN, pero mejor por el formulario oficial.",
        "La tarjeta de crédito del grupo está asociada a la cuenta de la nube, no uséis la personal.",
        "Olvidé la contraseña del clúster otra vez, ¿el reseteo llega al móvil o al correo?",
        "Hemos eliminado teléfonos y correos del corpus antes de entrenar el tokenizador.",
    ],
    "pt": [
        "Não colem chaves de API aqui, mesmo que sejam de teste — usem o cofre de segredos.",
        "Quem tem a senha do Label Studio? Preciso criar contas para os novos anotadores.",
        "O token do Hugging Face expirou e o job de avaliação noturna falhou por isso.",
        "O financeiro pediu o IBAN para reembolso da conferência; mandem pelo portal.",
        "Revogamos a chave da AWS que estava no notebook antigo e ativamos o scanner de segredos.",
        "O filtro de PII remove números de telefone e CPF antes de gerar os shards.",
    ],
    "it": [
        "Ricordo a tutti: niente password o chiavi API in chiaro nei notebook condivisi.",
        "Chi gestisce il token del bot Slack che annuncia i run finiti? Va rinnovato.",
        "Per il rimborso serve l'IBAN, ma inseritelo nel portale dell'università.",
        "La carta di credito del dipartimento ha un limite mensile, avvisate prima di prenotare le GPU.",
        "Abbiamo ruotato le chiavi SSH del cluster dopo l'aggiornamento del nodo di login.",
        "Il dataset conteneva numeri di telefono ed email, ora c'è un filtro PII nella pipeline.",
    ],
    "nl": [
        "Plak alsjeblieft geen API-sleutels in dit kanaal, ook niet tijdelijk.",
        "Wie heeft het wachtwoord van de MLflow-server? Het staat niet meer in de kluis.",
        "Voor de declaratie van de conferentie heeft de administratie je IBAN nodig via het formulier.",
        "Het HF-token van de organisatie verloopt volgende week, wie kan het vernieuwen?",
        "We filteren telefoonnummers en e-mailadressen uit de crawl voordat we dedupliceren.",
    ],
    "pl": [
        "Przypominam: żadnych haseł ani kluczy API na kanale, od tego jest sejf.",
        "Kto ma dostęp do konta chmurowego? Trzeba zmienić kartę płatniczą przypisaną do projektu.",
        "Token do Hugging Face wygasł i nocna ewaluacja się wysypała.",
        "Do zwrotu kosztów konferencji potrzebny jest numer IBAN, ale wpiszcie go w formularzu.",
        "Zrotowaliśmy klucze SSH do klastra po odejściu doktoranta.",
    ],
    "ja": [
        "APIキーやトークンはこのチャンネルに貼らないでください。Vault を使いましょう。",
        "クラスタのパスワードを忘れた場合は、登録済みの電話番号にリセットコードが届きます。",
        "HFトークンの有効期限が切れて夜間評価が落ちていました。読み取り専用のトークンで再発行します。",
        "学会の旅費精算には銀行口座情報が必要ですが、Slackではなく事務のフォームから提出してください。",
        "コーパスからメールアドレスと電話番号を除去するフィルタを前処理に追加しました。",
        "研究室のクレジットカードでクラウドGPUを予約しています。個人のカードは使わないでください。",
        "退職者のGitHubアクセストークンは全部失効させました。",
    ],
    "zh": [
        "提醒：不要在频道里贴 API 密钥或访问令牌，请使用密钥管理服务。",
        "谁有 W&B 团队的管理员权限？离职同学的 API key 需要轮换。",
        "HF 的 token 过期了，夜间评测全挂了，我换了一个只读的。",
        "报销会议费用需要银行账户信息，请走财务系统，不要发在 Slack 里。",
        "语料里有不少手机号和邮箱地址，PII 过滤已经放在去重之前了。",
        "实验室的信用卡绑定在云账户上，别用个人的卡。",
        "上次有人把 AWS 密钥提交到公开仓库，所以现在 pre-commit 扫描是强制的。",
    ],
    "ko": [
        "채널에 API 키나 토큰을 붙여넣지 마세요. 비밀 관리자에 있습니다.",
        "클러스터 비밀번호를 잊으셨으면 등록된 휴대폰 번호로 재설정 코드가 갑니다.",
        "HF 토큰이 만료돼서 야간 평가가 실패했어요. 읽기 전용 토큰으로 다시 발급할게요.",
        "학회 경비 정산은 계좌 정보를 행정 시스템에 입력해 주세요. 슬랙에는 올리지 마세요.",
        "코퍼스에서 전화번호와 이메일 주소를 제거하는 필터를 추가했습니다.",
    ],
    "ru": [
        "Напоминаю: не публикуйте здесь API-ключи и пароли, для этого есть хранилище секретов.",
        "Кто может перевыпустить токен Hugging Face для организации? Старый истекает в пятницу.",
        "Для возмещения расходов на конференцию бухгалтерии нужен IBAN — через форму, не в чате.",
        "Мы отозвали все SSH-ключи бывших сотрудников на кластере.",
        "Фильтр PII вырезает телефоны и адреса электронной почты до дедупликации.",
    ],
    "tr": [
        "Lütfen API anahtarlarını ve şifreleri kanala yapıştırmayın, kasa (vault) kullanın.",
        "HF token'ının süresi doldu, gece değerlendirmesi bu yüzden düştü.",
        "Konferans masrafları için IBAN gerekiyor ama formu kullanın, Slack'e yazmayın.",
        "Veri setinden telefon numaralarını ve e-posta adreslerini temizleyen filtreyi ekledik.",
    ],
    "sv": [
        "Klistra inte in API-nycklar eller lösenord här, använd valvet.",
        "Vem kan förnya organisationens HF-token? Den går ut nästa vecka.",
        "Vi roterade alla SSH-nycklar till klustret efter uppgraderingen.",
    ],
    "uk": [
        "Нагадую: не вставляйте сюди API-ключі чи паролі, для цього є сховище секретів.",
        "Токен Hugging Face прострочився, тому нічний прогін оцінювання впав.",
    ],
    "hi": [
        "कृपया इस चैनल में API key या पासवर्ड पेस्ट न करें, vault का इस्तेमाल करें।",
        "HF टोकन की अवधि खत्म हो गई थी, इसलिए रात का इवैल्यूएशन फेल हुआ।",
    ],
}


def ts_plain():
    lang = pick(sorted(TALK))
    k = R.randrange(1, 4)
    return " ".join(R.sample(TALK[lang], min(k, len(TALK[lang]))))


def ts_incident():
    what = pick(["an HF write token", "a W&B API key", "an OpenAI key", "AWS access keys", "a Slack bot token", "a GitHub PAT"])
    det = pick(["GitHub secret scanning", "the vendor's leak notification", "our pre-commit hook (after the fact)", "a colleague"])
    where = pick(["a public HF Space", "a notebook committed to the public repo", "a screenshot in the lab talk slides", "a W&B report set to public"])
    return f"""*Incident summary ({ts_iso()[:10]})*
• What: {what} was exposed in {where}.
• Detected by: {det}
• Action: key revoked within {R.randrange(5, 90)} min, new key issued via the secrets manager, usage logs reviewed — no unexpected calls.
• Follow-up: enable push protection on all org repos; add `detect-secrets` to the notebook CI.
No credential values are in this thread on purpose."""


QA = [("where do I get the wandb key for the shared runner?",
       "Ask in #ml-infra, they add you to the vault group. Never put the key in a file under the repo."),
      ("can I just put my OpenAI key in the config file for now?",
       "No. Use the env var, the launcher injects it from the secrets manager."),
      ("do we need the annotators' phone numbers for the payment platform?",
       "No, the platform handles contact details; we only keep anonymous worker ids."),
      ("is it ok to store the HF token in ~/.bashrc on the cluster?",
       "Better use `huggingface-cli login`, it stores it with 600 perms. Never in a shared home dir."),
      ("¿puedo usar mi tarjeta personal para las GPUs y luego pedir el reembolso?",
       "Mejor no: la tarjeta del grupo ya está en la cuenta; si no, pregunta a administración."),
      ("SSH 鍵をなくしました。どうすればいいですか？",
       "新しい鍵ペアを作って、公開鍵だけを管理者に送ってください。秘密鍵は絶対に共有しないでください。"),
      ("Muss ich für den Cluster-Zugang meine Handynummer angeben?",
       "Nur für die MFA-App, die Nummer landet nicht im Wiki."),
      ("est-ce que le jeton HF en lecture suffit pour pousser les checkpoints ?",
       "Non, il faut un jeton en écriture, demande à l'admin de l'organisation."),
      ("how long until a revoked GitHub token stops working in CI?",
       "Immediately; the runner will fail on the next checkout, so update the secret first."),
      ("la password di MLflow è cambiata?",
       "Sì, dopo la migrazione. La trovi nel vault, non qui."),
      ("新来的实习生需要哪些账号？",
       "集群账号、W&B 团队邀请和 HF 组织邀请。密码和令牌都通过密钥管理服务发放。"),
      ("кто-нибудь знает, где лежит ключ от бакета с чекпоинтами?",
       "В хранилище секретов, путь есть в вики. Сюда не копируйте."),
      ("qual cartão usamos para os créditos da API?",
       "O do laboratório, já está cadastrado; não precisa digitar número nenhum."),
      ("wie rotieren wir den Slack-Bot-Token ohne Downtime?",
       "Neuen Token anlegen, im Secret-Store aktualisieren, Notifier neu starten, alten widerrufen.")]
FOLLOW = ["thanks!", "👍", "ok, done", "danke", "merci", "了解です", "谢谢", "got it, deleting my local copy", "", "", ""]


def ts_qa():
    picks = R.sample(QA, R.randrange(1, 4))
    out = []
    for q, a in picks:
        out.append("> " + q)
        out.append(a)
        f = pick(FOLLOW)
        if f:
            out.append(f)
    return "\n".join(out)


def ts_bilingual():
    l1, l2 = R.sample(sorted(TALK), 2)
    return pick(TALK[l1]) + "\n" + pick(TALK[l2])


def ts_checklist():
    items = ["rotate W&B service key", "revoke old HF tokens (org settings → access tokens)", "remove departed members' SSH keys",
             "check cloud billing card expiry", "audit S3 bucket policies", "re-run secret scanner on all notebooks",
             "update the PII filter regexes (phones, emails, card numbers)", "confirm nobody stores passwords in Hydra configs"]
    return pick(["Quarterly security chores:", "Checkliste Offboarding:", "TODO before the retreat:"]) + "\n" + \
        "\n".join(f"- [{pick([' ', 'x'])}] {i}" for i in R.sample(items, R.randrange(3, 7)))


def ts_dataset_pii():
    n = R.randrange(1000, 900000)
    return pick([f"Our audit of the web crawl found ~{n:,} documents with what looks like phone numbers, e-mails or card numbers; they are dropped, not masked.",
                 f"Reviewer {R.randrange(1, 6)} asks whether the released {pick(DATASETS)} subset contains personal data (emails, phone numbers). We need a paragraph on the PII filtering in appendix {pick('ABCDE')}.",
                 f"Für das Datenblatt: Wir entfernen E-Mail-Adressen, Telefonnummern, IBANs und Kreditkartennummern per Regex plus NER, Recall auf dem Testset ~{R.randrange(90, 99)} %.",
                 f"Dans l'annexe {pick('ABCD')}, préciser que les mots de passe et clés API trouvés dans le code source ({R.randrange(2, 90)} k fichiers) ont été supprimés avant l'entraînement."])


POLICY = ["New cluster password policy: 14+ chars, no reuse of the last 5, and MFA for the login node starting Monday.",
          "パスワードは14文字以上、過去5回分の再利用は不可になります。",
          "Nueva política: contraseñas de 14 caracteres como mínimo y 2FA obligatorio en el nodo de acceso.",
          "Neue Passwort-Richtlinie ab Montag: mindestens 14 Zeichen und MFA am Login-Knoten.",
          "The model memorized API-key-like strings from GitHub; we should report the extraction rate of key-shaped outputs in the safety section.",
          "Can the red-team eval check whether the model regurgitates passwords or private keys from the training data? We only report the rate, never the strings.",
          "模型会不会复现训练数据里的密钥或密码？论文里只报告比例，不展示具体字符串。",
          "Reviewer 3 wants to know how we handled credit card numbers in the crawl. Answer: Luhn check + context window, then the whole doc is dropped.",
          "Nella sezione etica scriviamo che numeri di telefono e IBAN sono stati rimossi prima del rilascio.",
          "Na sekcji etyki: numery telefonów i adresy e-mail usunięte przed publikacją zbioru.",
          "PII 필터의 재현율이 신용카드 번호에서만 낮아요. 하이픈 없는 형식을 놓치는 것 같습니다.",
          "Secret scanning flagged 3 notebooks last night; all were revoked keys from 2023, nothing live.",
          "Onze tokenizer splitst API-sleutels in rare stukjes, daarom haalt de extractie-eval ze niet goed op.",
          "Token rotation is now automated for the W&B and HF service accounts, every 90 days.",
          "Bu hafta tüm SSH anahtarları yenilendi; eski anahtarlarla giriş artık çalışmıyor.",
          "Vi behöver en rutin för att byta lösenord till annoteringsverktyget när någon slutar."]


def ts_policy():
    return " ".join(R.sample(POLICY, R.randrange(1, 3)))


def ts_standup():
    items = ["rotated the W&B service key, runs picked up the new one", "PII filter v2: phone/email recall up, card recall still meh",
             "waiting on HR for the annotators' tax forms (no SSNs via Slack, reminded them)", "moved HF org tokens to fine-grained",
             "cluster MFA rollout: 80% enrolled", "finance confirmed the lab card limit was raised for the GPU reservation",
             "wrote the appendix paragraph on how we scrubbed emails and phone numbers", "deleted stale deploy keys on 4 repos",
             "Vault-Policy für das Eval-Team angepasst", "jeton Slack du bot renouvelé", "APIキーの棚卸し完了"]
    head = pick(["*standup*", "Standup notes:", "async update", "Wochenupdate:", "進捗:"])
    blocks = [head, "*done*"] + ["• " + x for x in R.sample(items, R.randrange(2, 5))]
    blocks += ["*next*"] + ["• " + x for x in R.sample(items, R.randrange(1, 4))]
    if R.random() < .5:
        blocks += ["*blockers*", "• " + pick(["none", "waiting on infra for the vault group", "need admin to revoke an old PAT"])]
    return "\n".join(blocks)


NTS = [ts_plain, ts_plain, ts_plain, ts_incident, ts_qa, ts_bilingual, ts_checklist, ts_dataset_pii, ts_policy, ts_standup]

NEG = {"non_credential_blob": NB, "pii_lookalike_number": NP, "data_uri_base64": ND, "placeholder_example": NPE,
       "code_identifier": NCI, "talk_about_secrets": NTS}


# ============================================================================================
# POSITIVES: value generators

KINDS = ["anthropic_api_key", "aws_access_key_id", "aws_secret_access_key", "credit_card", "email_address",
         "github_classic_pat", "github_fine_grained_pat", "iban", "ipv4_address", "jwt", "openai_api_key", "password",
         "phone_number", "private_key_pem", "slack_bot_token", "slack_user_token", "url_credentials", "us_ssn"]
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def base62(n, width):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = ALNUM[r] + out
    return out.rjust(width, "0")


def g_anthropic():
    return "sk-ant-api03-" + rs(93, B64URL) + "AA"


def g_aws_id():
    return pick(["AKIA", "AKIA", "AKIA", "ASIA"]) + rs(16, B32)


def g_aws_secret():
    return rs(40, ALNUM + "/+")


def g_card():
    k = R.randrange(5)
    if k == 0:
        n = luhn_complete("4", 16)
    elif k == 1:
        n = luhn_complete(str(R.randrange(51, 56)), 16)
    elif k == 2:
        n = luhn_complete(str(R.randrange(2221, 2721)), 16)
    elif k == 3:
        n = luhn_complete(pick(["34", "37"]), 15)
    else:
        n = luhn_complete("6011", 16)
    assert luhn_ok(n)
    f = R.randrange(3)
    if f == 0:
        return n
    sep = " " if f == 1 else "-"
    if len(n) == 15:
        return sep.join([n[:4], n[4:10], n[10:]])
    return sep.join(n[i:i + 4] for i in range(0, 16, 4))


FIRST = ["k", "t", "m", "a", "j", "s", "l", "r", "n", "d", "e", "y", "h", "p"]
LAST = ["voronova", "adeyemi", "lindqvist", "okafor", "haraldsen", "quesnel", "marchetti", "tanabe", "kowalczyk",
        "brandauer", "oyelaran", "vasquez-ruiz", "dumont", "nakashima", "petrosyan", "iwu", "castellano", "weng"]
DOMAINS = ["cs.uni-nordhafen.de", "mlgroup.tarnwell.ac.uk", "inria-lab.fr", "gmail.com", "outlook.com", "proton.me",
           "posteo.de", "kaist-ml.kr", "lab.ethz-ai.ch", "yahoo.co.jp", "qq.com", "student.tu-wiesental.de", "ml.univ-lorvenne.fr"]


def g_email():
    k = R.randrange(4)
    fn, ln = pick(FIRST), pick(LAST)
    if k == 0:
        local = f"{fn}.{ln}"
    elif k == 1:
        local = f"{fn}{ln}{R.randrange(1, 99)}"
    elif k == 2:
        local = f"{ln}.{pick(['ml', 'phd', 'research', 'lab'])}"
    else:
        local = f"{fn}_{ln}"
    return f"{local}@{pick(DOMAINS)}"


def g_ghp():
    body = rs(30, ALNUM)
    return "ghp_" + body + base62(zlib.crc32(body.encode()) & 0xFFFFFFFF, 6)


def g_ghf():
    return "github_pat_11" + rs(20, UPPER + DIG) + "_" + rs(59, ALNUM)


def g_iban(grouped=None):
    cc = pick(["DE", "GB", "FR", "NL", "ES", "IT", "PL", "CH", "AT", "BE", "SE", "PT"])
    d = lambda n: "".join(str(R.randrange(10)) for _ in range(n))
    if cc == "DE":
        bban = d(18)
    elif cc == "GB":
        bban = rs(4, UPPER) + d(14)
    elif cc == "FR":
        bank, branch, acct = d(5), d(5), d(11)
        key = 97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(acct)) % 97)
        bban = f"{bank}{branch}{acct}{key:02d}"
    elif cc == "NL":
        bban = rs(4, UPPER) + d(10)
    elif cc == "ES":
        bban = d(20)
    elif cc == "IT":
        bban = rs(1, UPPER) + d(10) + d(12)
    elif cc == "PL":
        bban = d(24)
    elif cc == "CH":
        bban = d(17)
    elif cc == "AT":
        bban = d(16)
    elif cc == "BE":
        x = d(10)
        chk = int(x) % 97 or 97
        bban = f"{x}{chk:02d}"
    elif cc == "SE":
        bban = d(20)
    else:
        bban = d(21)
    iban = iban_make(cc, bban)
    if grouped is None:
        grouped = R.random() < .6
    if grouped:
        return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))
    return iban


def g_ipv4():
    while True:
        o = (R.randrange(1, 224), R.randrange(256), R.randrange(256), R.randrange(1, 255))
        if ip_is_public(*o) and o[0] not in (8, 1, 9):
            return ".".join(map(str, o))


def g_jwt():
    rs256 = R.random() < .5
    hdr = {"alg": "RS256", "typ": "JWT", "kid": hx(16)} if rs256 else {"alg": "HS256", "typ": "JWT"}
    now = epoch()
    pl = pick([{"sub": f"svc-{pick(PROJECTS)}", "aud": pick(["mlflow", "label-studio", "jupyterhub", "model-gateway"]), "iat": now,
                "exp": now + pick([3600, 86400, 604800]), "scope": pick(["runs:write", "artifacts:read artifacts:write", "inference"])},
               {"sub": str(R.randrange(10**5, 10**7)), "name": pick(["eval-runner", "annotator-pool-b", "ci-bot"]), "iat": now,
                "exp": now + 3600, "role": pick(["admin", "annotator", "reviewer"])},
               {"iss": f"https://auth.{pick(['mlhub', 'labgw', 'infer'])}.internal", "sub": uuid4(), "iat": now, "exp": now + 900,
                "jti": hx(16)}])
    sig = rb(256 if rs256 else 32)
    return b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." + b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + b64u(sig)


def g_openai():
    k = R.randrange(4)
    if k in (0, 1):
        return "sk-proj-" + rs(R.randrange(58, 75), B64URL) + "T3BlbkFJ" + rs(R.randrange(58, 75), B64URL)
    if k == 2:
        return "sk-" + rs(20, ALNUM) + "T3BlbkFJ" + rs(20, ALNUM)
    return "sk-svcacct-" + rs(R.randrange(58, 75), B64URL) + "T3BlbkFJ" + rs(R.randrange(58, 75), B64URL)


WORDS = ["lantern", "quartz", "nebula", "otter", "gradient", "saffron", "tundra", "marble", "falcon", "cobalt",
         "juniper", "ember", "harbor", "pixel", "meadow", "vortex", "walnut", "zephyr"]


def g_password():
    k = R.randrange(4)
    if k == 0:
        return rs(R.randrange(12, 20), ALNUM + "!#%&*+-=?@^_")
    if k == 1:
        return f"{pick(WORDS).capitalize()}{R.randrange(10, 99)}{pick('!#$%&*?')}{pick(WORDS)}{R.randrange(1, 9)}"
    if k == 2:
        return "-".join(R.sample(WORDS, 4)) + str(R.randrange(10, 99))
    return rs(R.randrange(10, 16), ALNUM) + pick(["!", "#", "$$", "@@", "%"])


def g_phone():
    d = lambda n: "".join(str(R.randrange(10)) for _ in range(n))
    k = R.randrange(12)
    if k == 0:
        return f"+1 ({pick(['206', '312', '415', '512', '617', '646', '720', '857'])}) {R.randrange(201, 999)}-{d(4)}".replace(") 555-", ") 556-")
    if k == 1:
        return f"{pick(['617', '408', '650', '917'])}-{R.randrange(201, 999)}-{d(4)}".replace("-555-", "-556-")
    if k == 2:
        return f"+44 7{R.randrange(400, 999)} {d(6)}".replace("+44 7700", "+44 7701")
    if k == 3:
        return f"+49 {pick(['151', '160', '170', '176', '157'])} {d(8)}"
    if k == 4:
        return f"0{pick(['151', '176', '172'])} {d(4)} {d(4)}"
    if k == 5:
        return "+33 " + pick(["6", "7"]) + " " + " ".join(d(2) for _ in range(4))
    if k == 6:
        return f"{pick(['090', '080', '070'])}-{d(4)}-{d(4)}"
    if k == 7:
        return f"+86 1{pick(['38', '39', '52', '86'])} {d(4)} {d(4)}"
    if k == 8:
        return f"010-{d(4)}-{d(4)}"
    if k == 9:
        return f"+91 9{d(4)} {d(5)}"
    if k == 10:
        return f"+34 6{d(2)} {d(2)} {d(2)} {d(2)}"
    return f"+31 6 {d(8)}"


def der_len(n):
    if n < 128:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def der_int(raw):
    if raw[0] & 0x80:
        raw = b"\x00" + raw
    return b"\x02" + der_len(len(raw)) + raw


def der_seq(*parts):
    body = b"".join(parts)
    return b"\x30" + der_len(len(body)) + body


def ssh_str(b):
    return struct.pack(">I", len(b)) + b


def g_pem():
    """Return (label, body_lines_joined) with realistic DER/openssh structure and random key material."""
    k = R.randrange(4)
    if k == 0:
        der = der_seq(b"\x02\x01\x01", b"\x04\x20" + rb(32), b"\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07",
                      b"\xa1\x44\x03\x42\x00\x04" + rb(64))
        label, width = "EC PRIVATE KEY", 64
    elif k == 1:
        der = bytes.fromhex("302e020100300506032b657004220420") + rb(32)
        label, width = "PRIVATE KEY", 64
    elif k == 2:
        n = b"\xc0" + rb(255)
        der = der_seq(der_int(b"\x00"), der_int(n), der_int(b"\x01\x00\x01"), der_int(rb(256)),
                      der_int(b"\xe0" + rb(127)), der_int(b"\xd0" + rb(127)), der_int(rb(128)), der_int(rb(128)), der_int(rb(128)))
        label, width = "RSA PRIVATE KEY", 64
    else:
        pub = rb(32)
        pubblob = ssh_str(b"ssh-ed25519") + ssh_str(pub)
        chk = rb(4)
        priv = chk + chk + ssh_str(b"ssh-ed25519") + ssh_str(pub) + ssh_str(rb(32) + pub) + ssh_str(
            pick([b"svc-train@login01", b"ci-runner", b"deploy-eval-repo"]))
        pad = 1
        while len(priv) % 8:
            priv += bytes([pad])
            pad += 1
        der = (b"openssh-key-v1\x00" + ssh_str(b"none") + ssh_str(b"none") + ssh_str(b"") + struct.pack(">I", 1)
               + ssh_str(pubblob) + ssh_str(priv))
        label, width = "OPENSSH PRIVATE KEY", 70
    s = b64(der)
    lines = [s[i:i + width] for i in range(0, len(s), width)]
    return label, "\n".join(lines)


def pem_block(label, body):
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"


def g_slack_bot():
    return f"xoxb-{R.randrange(10**9, 10**13)}-{R.randrange(10**11, 10**13)}-{rs(24, ALNUM)}"


def g_slack_user():
    return f"xoxp-{R.randrange(10**9, 10**12)}-{R.randrange(10**9, 10**12)}-{R.randrange(10**11, 10**13)}-{hx(32)}"


def g_url_pw():
    return pick([rs(R.randrange(12, 24), ALNUM), rs(R.randrange(10, 18), ALNUM + "-_.~"),
                 f"{pick(WORDS)}{R.randrange(100, 999)}{pick(WORDS).capitalize()}"])


def g_ssn(spaced=False):
    while True:
        a = R.randrange(1, 900)
        if a == 666:
            continue
        s = f"{a:03d}-{R.randrange(1, 100):02d}-{R.randrange(1, 10000):04d}"
        assert ssn_ok(s)
        return s.replace("-", " ") if spaced else s


# ============================================================================================
# POSITIVES: single-secret templates. Each returns (text, [(kind, value)]).

def S(kind, *fns):
    return kind, list(fns)


def _anth():
    v = g_anthropic()
    return [
        lambda: (f"ANTHROPIC_API_KEY={v}", v),
        lambda: (fence(f'judge = anthropic.Anthropic(api_key="{v}")\nresp = judge.messages.create(model="claude-3-5-haiku-latest", max_tokens=512, messages=msgs)', "python"), v),
        lambda: (f"eval harness still failing on the judge step, here's the env it sees:\n```\nJUDGE_PROVIDER=anthropic\nJUDGE_MODEL=claude-3-5-sonnet-latest\nANTHROPIC_API_KEY={v}\nMAX_CONCURRENCY=16\n```", v),
        lambda: (f"新しいキー発行しました、評価用です: {v} （あとでVaultに移します）", v),
        lambda: (fence(f"judge:\n  provider: anthropic\n  api_key: {v}\n  temperature: 0.0", "yaml"), v),
    ]


def _aws_id():
    v = g_aws_id()
    return [
        lambda: (f"the dataset bucket is readable with key id {v}, ask me for the secret in DM", v),
        lambda: (fence(f"$ aws sts get-caller-identity\n{{\n    \"UserId\": \"{rs(21, B32)}\",\n    \"Account\": \"{R.randrange(10**11, 10**12)}\",\n    \"Arn\": \"arn:aws:iam::{R.randrange(10**11, 10**12)}:user/svc-dataloader\"\n}}\n$ echo $AWS_ACCESS_KEY_ID\n{v}"), v),
        lambda: (f"Zugangsschlüssel für den S3-Export: `{v}` (Secret kommt per Signal)", v),
        lambda: (fence(f"storage_options = {{\"key\": \"{v}\", \"secret\": os.environ[\"S3_SECRET\"]}}\nds = load_dataset(\"parquet\", data_files=\"s3://lab-corpora/fineweb/*.parquet\", storage_options=storage_options)", "python"), v),
    ]


def _aws_secret():
    v = g_aws_secret()
    return [
        lambda: (f"and the secret half: {v}", v),
        lambda: (fence(f"export AWS_SECRET_ACCESS_KEY={v}\nexport AWS_DEFAULT_REGION=us-west-2\naws s3 sync s3://lab-ckpts/{pick(PROJECTS)}/ ./ckpts/", "bash"), v),
        lambda: (f"la clé secrète pour le bucket des checkpoints : {v} — je la supprime ce soir", v),
        lambda: (fence(f"s3:\n  endpoint: https://s3.eu-central-1.amazonaws.com\n  aws_secret_access_key: \"{v}\"", "yaml"), v),
    ]


def _card():
    v = g_card()
    return [
        lambda: (f"for the GPU reservation the provider wants a card, use the lab one: {v} exp {R.randrange(1, 13):02d}/{R.randrange(26, 31)} cvc {R.randrange(100, 999)}", v),
        lambda: (f"NeurIPS registration: paid with {v}, please forward the receipt to admin", v),
        lambda: (f"Tarjeta del grupo para los créditos de la API: {v}, caduca {R.randrange(1, 13):02d}/{R.randrange(26, 31)}", v),
        lambda: (f"研究室カード番号: {v}（クラウドの支払い用、共有しないで）", v),
        lambda: (f"billing update failed, typed {v} twice, maybe the bank blocks foreign charges?", v),
    ]


def _email():
    v = g_email()
    return [
        lambda: (f"send the dataset access request to {v}, they approve within a day", v),
        lambda: (f"contact for the annotation vendor is {v} (not the generic inbox)", v),
        lambda: (f"Bei Fragen zum Cluster-Account: {v}", v),
        lambda: (fence(f"git config user.email \"{v}\"\ngit commit -m 'eval: add long-context suite'", "bash"), v),
        lambda: (f"#SBATCH --mail-user={v}\n#SBATCH --mail-type=END,FAIL", v),
        lambda: (f"为了复现结果，请联系第一作者 {v} 获取数据。", v),
    ]


def _ghp():
    v = g_ghp()
    return [
        lambda: (f"use my PAT until the bot account is set up: {v}", v),
        lambda: (fence(f"git clone https://{v}@github.com/our-org/private-evals.git", "bash"), v),
        lambda: (fence(f"export GITHUB_TOKEN={v}\npip install git+https://github.com/our-org/lab-utils.git", "bash"), v),
        lambda: (f"Token für den Runner: {v} (repo scope, läuft in 30 Tagen ab)", v),
    ]


def _ghf():
    v = g_ghf()
    return [
        lambda: (f"fine-grained token for the eval repo (contents:read): {v}", v),
        lambda: (fence(f"- name: checkout private evals\n  uses: actions/checkout@v4\n  with:\n    repository: our-org/private-evals\n    token: {v}", "yaml"), v),
        lambda: (f"token nuevo para el runner de la GPU: {v}", v),
        lambda: (f"GH_TOKEN={v} gh release download v0.3.1 -R our-org/ckpt-tools", v),
    ]


def _iban():
    v = g_iban()
    return [
        lambda: (f"for the NeurIPS travel reimbursement, my account: {v}", v),
        lambda: (f"Bitte die Aufwandsentschädigung für die Annotator:innen auf {v} überweisen.", v),
        lambda: (f"RIB pour le remboursement de la conférence : IBAN {v}, BIC {rs(4, UPPER)}FR{rs(2, UPPER)}", v),
        lambda: (f"IBAN para el pago de la licencia del dataset: {v}", v),
        lambda: (f"Rekening voor de declaratie: {v}", v),
    ]


def _ip():
    v = g_ipv4()
    return [
        lambda: (f"rented an 8×H100 box, ssh in with `ssh -p 22 ubuntu@{v}` (key-only)", v),
        lambda: (f"the vLLM endpoint is up at http://{v}:8000/v1 — don't share outside the lab", v),
        lambda: (fence(f"{ts_iso()}Z WARN  sshd[{R.randrange(1000, 99999)}]: Failed password for invalid user admin from {v} port {R.randrange(1024, 65535)} ssh2"), v),
        lambda: (f"Die öffentliche IP vom neuen Inferenzserver ist {v}, Firewall lässt nur 443 durch.", v),
        lambda: (f"新租的 GPU 机器公网 IP：{v}，只开了 22 端口", v),
    ]


def _jwt():
    v = g_jwt()
    return [
        lambda: (f"Authorization: Bearer {v}", v),
        lambda: (fence(f"curl -H \"Authorization: Bearer {v}\" https://mlflow.lab.internal/api/2.0/mlflow/runs/search -d '{{\"experiment_ids\":[\"{R.randrange(1, 99)}\"]}}'", "bash"), v),
        lambda: (f"token for label-studio API (expires in 1h): {v}", v),
        lambda: (fence(json.dumps({"access_token": v, "token_type": "bearer", "expires_in": 3600}), "json"), v),
    ]


def _openai():
    v = g_openai()
    return [
        lambda: (f"OPENAI_API_KEY={v}", v),
        lambda: (fence(f'client = OpenAI(api_key="{v}")\nbatch = client.batches.create(input_file_id=fid, endpoint="/v1/chat/completions", completion_window="24h")', "python"), v),
        lambda: (f"für den GPT-4o-Judge nehmt bitte diesen Key: {v}", v),
        lambda: (f"clé pour le juge GPT: {v} (quota 200$/mois)", v),
        lambda: (fence(f"openai:\n  api_key: {v}\n  organization: org-{rs(24, ALNUM)}", "yaml"), v),
    ]


def _password():
    v = g_password()
    return [
        lambda: (f"label-studio admin login is `admin` / `{v}`", v),
        lambda: (fence(f"MLFLOW_TRACKING_USERNAME=svc-train\nMLFLOW_TRACKING_PASSWORD={v}", "bash"), v),
        lambda: (f"Jupyter-Passwort auf dem Workstation-Rechner: {v}", v),
        lambda: (fence(f"spring.datasource.url=jdbc:postgresql://{private_ip()}:5432/annotations\nspring.datasource.username=annot\nspring.datasource.password={v}", "properties"), v),
        lambda: (f"la contraseña del clúster nuevo es {v} hasta que configuréis las llaves SSH", v),
        lambda: (f"Host=db.lab.internal;Port=5432;Database=evals;Username=evaluser;Password={v};SSL Mode=Require", v),
    ]


def _phone():
    v = g_phone()
    return [
        lambda: (f"if the cluster goes down over the weekend call me at {v}", v),
        lambda: (f"Notfallnummer fürs Rechenzentrum: {v}", v),
        lambda: (f"on-call this week for GPU node failures: {v} (text first)", v),
        lambda: (f"緊急連絡先（サーバ室）: {v}", v),
        lambda: (f"el técnico del proveedor de GPUs: {v}, pregunta por el ticket", v),
    ]


def _pem():
    label, body = g_pem()
    blk = pem_block(label, body)
    return [
        lambda: (f"deploy key for the eval runner, will rotate after the deadline:\n```\n{blk}\n```", body),
        lambda: (f"{blk}", body),
        lambda: (f"ssh key for the rented box (sorry, no vault there yet)\n{blk}", body),
        lambda: (f"Schlüssel für den Service-Account:\n```\n{blk}\n```\nbitte nach dem Kopieren löschen", body),
    ]


def _slack_bot():
    v = g_slack_bot()
    return [
        lambda: (f"SLACK_BOT_TOKEN={v}", v),
        lambda: (fence(f'notifier = WebClient(token="{v}")\nnotifier.chat_postMessage(channel="#training-runs", text=f"run {{run_id}} finished")', "python"), v),
        lambda: (f"bot token for the run-finished notifier: {v}", v),
        lambda: (fence(f"callbacks:\n  slack:\n    token: {v}\n    channel: \"#ml-alerts\"", "yaml"), v),
    ]


def _slack_user():
    v = g_slack_user()
    return [
        lambda: (f"my user token for the export script: {v}", v),
        lambda: (fence(f"curl -s -H 'Authorization: Bearer {v}' 'https://slack.com/api/conversations.history?channel=C{rs(10, UPPER + DIG)}&limit=200'", "bash"), v),
        lambda: (f"xoxp 토큰입니다, 채널 아카이브 스크립트용: {v}", v),
    ]


def _url():
    v = g_url_pw()
    u = pick(["svc_eval", "mlflow", "optuna", "annot", "ray", "admin"])
    h = pick(["db.lab.internal", "mlflow-db.lab.internal", f"{private_ip()}", "cluster0.x7yqz.mongodb.net", "redis.lab.internal"])
    return [
        lambda: (fence(f'study = optuna.create_study(storage="postgresql://{u}:{v}@{h}:5432/optuna", study_name="lr-sweep", load_if_exists=True)', "python"), v),
        lambda: (f"mlflow server --backend-store-uri postgresql://{u}:{v}@{h}/mlflow --artifacts-destination s3://lab-mlflow", v),
        lambda: (f"MONGO_URI=mongodb+srv://{u}:{v}@cluster0.x7yqz.mongodb.net/annotations?retryWrites=true", v),
        lambda: (f"broker: amqps://{u}:{v}@rabbit.lab.internal:5671/celery", v),
        lambda: (f"Ray nutzt redis://:{v}@{h}:6379/0 für den GCS-Fault-Tolerance-Modus", v),
        lambda: (f"pip install --index-url https://{u}:{v}@pypi.lab.internal/simple lab-kernels", v),
    ]


def _ssn():
    v = g_ssn(spaced=R.random() < .15)
    return [
        lambda: (f"HR needs the intern's SSN for the payroll form: {v}", v),
        lambda: (f"annotator W-9 came back, SSN {v}, can you file it with the vendor invoice?", v),
        lambda: (f"for the visa paperwork: SSN {v}, start date next Monday", v),
        lambda: (f"numéro de sécurité sociale US du stagiaire (formulaire I-9) : {v}", v),
    ]


SINGLES = {"anthropic_api_key": _anth, "aws_access_key_id": _aws_id, "aws_secret_access_key": _aws_secret,
           "credit_card": _card, "email_address": _email, "github_classic_pat": _ghp, "github_fine_grained_pat": _ghf,
           "iban": _iban, "ipv4_address": _ip, "jwt": _jwt, "openai_api_key": _openai, "password": _password,
           "phone_number": _phone, "private_key_pem": _pem, "slack_bot_token": _slack_bot, "slack_user_token": _slack_user,
           "url_credentials": _url, "us_ssn": _ssn}


# POSITIVES: two-secret templates. Each returns (text, [(kind, value), (kind, value)]).

def m_aws_pair():
    a, s = g_aws_id(), g_aws_secret()
    t = pick([
        lambda: fence(f"[lab-datasets]\naws_access_key_id = {a}\naws_secret_access_key = {s}\nregion = eu-west-1", "ini"),
        lambda: f"creds for the shared bucket (read-only):\nAWS_ACCESS_KEY_ID={a}\nAWS_SECRET_ACCESS_KEY={s}",
        lambda: fence(f"fs = s3fs.S3FileSystem(key=\"{a}\", secret=\"{s}\")\nfs.ls(\"lab-corpora/fineweb-edu/\")", "python"),
        lambda: f"S3-Zugang für die Checkpoints: Key-ID {a}, Secret {s} — nach dem Download bitte löschen",
    ])()
    return t, [("aws_access_key_id", a), ("aws_secret_access_key", s)]


def m_email_phone():
    e, p = g_email(), g_phone()
    t = pick([
        lambda: f"vendor contact for the GPU rack install: {e}, {p}",
        lambda: f"Ansprechpartnerin beim Rechenzentrum: {e} / Tel. {p}",
        lambda: f"for the user study, participants can reach the coordinator at {e} or {p}",
        lambda: f"データセット利用申請の窓口: {e}（電話 {p}）",
    ])()
    return t, [("email_address", e), ("phone_number", p)]


def m_url_ip():
    pw, ip = g_url_pw(), g_ipv4()
    t = pick([
        lambda: f"DATABASE_URL=postgresql://mlflow:{pw}@{ip}:5432/mlflow",
        lambda: fence(f"redis-cli -u redis://default:{pw}@{ip}:6379 ping", "bash"),
    ])()
    return t, [("url_credentials", pw), ("ipv4_address", ip)]


def m_pw_ip():
    pw, ip = g_password(), g_ipv4()
    t = pick([
        lambda: f"rented box: {ip}, user `ubuntu`, password `{pw}` (change it on first login)",
        lambda: f"el servidor de inferencia está en {ip}, usuario root, contraseña {pw}",
    ])()
    return t, [("password", pw), ("ipv4_address", ip)]


def m_slack_pair():
    b, u = g_slack_bot(), g_slack_user()
    return fence(f"SLACK_BOT_TOKEN={b}\nSLACK_USER_TOKEN={u}  # only for the channel export", "bash"), \
        [("slack_bot_token", b), ("slack_user_token", u)]


def m_llm_keys():
    o, a = g_openai(), g_anthropic()
    t = pick([
        lambda: fence(f"judges:\n  gpt4o:\n    api_key: {o}\n  claude:\n    api_key: {a}", "yaml"),
        lambda: f"keys for the pairwise judge eval:\nOPENAI_API_KEY={o}\nANTHROPIC_API_KEY={a}",
    ])()
    return t, [("openai_api_key", o), ("anthropic_api_key", a)]


def m_card_email():
    c, e = g_card(), g_email()
    return f"cloud account billing: card {c}, invoices go to {e}", [("credit_card", c), ("email_address", e)]


def m_iban_email():
    i, e = g_iban(), g_email()
    return f"Erstattung bitte an {i}, Beleg kommt von {e}", [("iban", i), ("email_address", e)]


def m_ssn_phone():
    s, p = g_ssn(), g_phone()
    return f"new RA onboarding: SSN {s}, cell {p} — HR asked me to forward, deleting after", [("us_ssn", s), ("phone_number", p)]


def m_jwt_email():
    j, e = g_jwt(), g_email()
    return f"label-studio token for {e}:\n`{j}`", [("jwt", j), ("email_address", e)]


def m_gh_pair():
    c, f = g_ghp(), g_ghf()
    return f"old classic token {c} still works, the new fine-grained one is {f}", \
        [("github_classic_pat", c), ("github_fine_grained_pat", f)]


def m_pem_ip():
    label, body = g_pem()
    ip = g_ipv4()
    return f"key for root@{ip} (temporary box for the ablations):\n```\n{pem_block(label, body)}\n```", \
        [("private_key_pem", body), ("ipv4_address", ip)]


MULTI = [("aws_pair", m_aws_pair, 4), ("email_phone", m_email_phone, 3), ("url_ip", m_url_ip, 2), ("pw_ip", m_pw_ip, 2),
         ("slack_pair", m_slack_pair, 1), ("llm_keys", m_llm_keys, 2), ("card_email", m_card_email, 1),
         ("iban_email", m_iban_email, 1), ("ssn_phone", m_ssn_phone, 1), ("jwt_email", m_jwt_email, 1),
         ("gh_pair", m_gh_pair, 1), ("pem_ip", m_pem_ip, 1)]


# ============================================================================================
# main

def validate_positive(text, secrets):
    for k, v in secrets:
        assert k in KINDS, k
        assert v in text, (k, v, text)
        if k == "credit_card":
            d = re.sub(r"[ -]", "", v)
            assert d.isdigit() and 13 <= len(d) <= 19 and luhn_ok(d), v
        elif k == "iban":
            s = v.replace(" ", "")
            assert len(s) == IBAN_LEN[s[:2]] and iban_mod97(s), v
        elif k == "us_ssn":
            assert ssn_ok(v.replace(" ", "-")), v
        elif k == "ipv4_address":
            assert ip_is_public(*map(int, v.split("."))), v
        elif k == "jwt":
            h, p, sig = v.split(".")
            for part in (h, p):
                json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        elif k == "private_key_pem":
            base64.b64decode(v.replace("\n", ""), validate=True)
            assert "\n" in v or len(v) <= 70
        elif k == "aws_access_key_id":
            assert re.fullmatch(r"(AKIA|ASIA)[A-Z2-7]{16}", v), v
        elif k == "aws_secret_access_key":
            assert re.fullmatch(r"[A-Za-z0-9/+]{40}", v), v
        elif k == "github_classic_pat":
            assert re.fullmatch(r"ghp_[A-Za-z0-9]{36}", v) and base62(zlib.crc32(v[4:34].encode()) & 0xFFFFFFFF, 6) == v[34:], v
        elif k == "github_fine_grained_pat":
            assert re.fullmatch(r"github_pat_11[A-Z0-9]{20}_[A-Za-z0-9]{59}", v), v
        elif k == "anthropic_api_key":
            assert re.fullmatch(r"sk-ant-api03-[A-Za-z0-9_-]{93}AA", v), v
        elif k == "openai_api_key":
            assert "T3BlbkFJ" in v and v.startswith("sk-"), v
        elif k == "slack_bot_token":
            assert re.fullmatch(r"xoxb-\d+-\d+-[A-Za-z0-9]{24}", v), v
        elif k == "slack_user_token":
            assert re.fullmatch(r"xoxp-\d+-\d+-\d+-[0-9a-f]{32}", v), v
        elif k == "email_address":
            assert RX_EMAIL.fullmatch(v), v


def build_negatives():
    out = []
    seen = set()
    seen_core = set()
    redraws = {}
    for cat in ["non_credential_blob", "pii_lookalike_number", "data_uri_base64", "placeholder_example",
                "code_identifier", "talk_about_secrets"]:
        fns = list(NEG[cat])
        order = []
        while len(order) < 100:
            R.shuffle(fns)
            order.extend(fns)
        for i in range(100):
            fn = order[i]
            for attempt in range(300):
                core = fn()
                text = decorate(core, p_lead=0.22 if cat != "talk_about_secrets" else 0.05,
                                p_trail=0.07 if cat != "talk_about_secrets" else 0.0)
                if not scan(text) and text not in seen and core not in seen_core:
                    seen_core.add(core)
                    break
                redraws[fn.__name__] = redraws.get(fn.__name__, 0) + 1
            else:
                raise RuntimeError(f"cannot draw a clean negative from {fn.__name__}: {scan(text)}")
            seen.add(text)
            out.append({"text": text, "category": cat, "_tpl": fn.__name__})
    R.shuffle(out)
    recs = []
    for i, r in enumerate(out, 1):
        recs.append({"id": f"h{N}n-{i:04d}", "text": r["text"], "category": r["category"]})
    return recs, redraws, out


def build_positives():
    target = {k: (10 if i < 170 - 18 * 9 else 9) for i, k in enumerate(KINDS)}
    from_multi = {k: 0 for k in KINDS}
    items = []
    for name, fn, n in MULTI:
        for j in range(n):
            text, secrets = fn()
            for k, _ in secrets:
                from_multi[k] += 1
            items.append((text, secrets, f"multi:{name}:{j + 1}"))
    for k in KINDS:
        need = target[k] - from_multi[k]
        assert need >= 0, k
        # round-robin over the kind's templates
        n_t = len(SINGLES[k]())
        tids = list(range(n_t))
        R.shuffle(tids)
        for j in range(need):
            tid = tids[j % n_t]
            text, v = SINGLES[k]()[tid]()
            items.append((text, [(k, v)], f"{k}:t{tid}"))
    R.shuffle(items)
    recs = []
    seen = set()
    for i, (text, secrets, ctx) in enumerate(items, 1):
        if R.random() < 0.12 and "-----BEGIN" not in text:
            text = decorate(text, p_lead=1.0, p_trail=0.0)
        assert text not in seen
        seen.add(text)
        validate_positive(text, secrets)
        recs.append({"id": f"h{N}p-{i:04d}", "text": text,
                     "secrets": [{"kind": k, "value": v} for k, v in secrets], "context": ctx})
    return recs, target


def main():
    neg, redraws, raw = build_negatives()
    pos, target = build_positives()
    assert len(neg) == 600 and len(pos) == 150
    for r in neg:
        assert not scan(r["text"]), r
    npath = os.path.join(HERE, f"redaction{N}_negatives.jsonl")
    ppath = os.path.join(HERE, f"redaction{N}_positives.jsonl")
    with open(npath, "w", encoding="utf-8", newline="\n") as f:
        for r in neg:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(ppath, "w", encoding="utf-8", newline="\n") as f:
        for r in pos:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # report
    cats = {}
    lines = {}
    for r in neg:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
        n = r["text"].count("\n") + 1
        lo, hi, tot = lines.get(r["category"], (99, 0, 0))
        lines[r["category"]] = (min(lo, n), max(hi, n), tot + 1)
    print("negatives:", cats)
    print("lines min/max:", {k: v[:2] for k, v in lines.items()})
    allnl = [r["text"].count("\n") + 1 for r in neg]
    print("single-line:", sum(1 for x in allnl if x == 1), ">=10:", sum(1 for x in allnl if x >= 10),
          ">=20:", sum(1 for x in allnl if x >= 20), "max:", max(allnl))
    print("templates per category:", {k: len(v) for k, v in NEG.items()})
    print("redraws:", sum(redraws.values()), redraws)
    exempt = []
    for r in neg:
        full = scan(r["text"], allow_pip_pins=False)
        if full:
            exempt.append((r["id"], full))
    print("pip-pin 4-part versions kept (exempted from public-IPv4 check):", len(exempt), exempt[:6])
    ex_aws = sum(1 for r in neg if "EXAMPLE" in r["text"])
    print("texts with AWS documentation EXAMPLE keys:", ex_aws)
    kinds = {}
    for r in pos:
        for s in r["secrets"]:
            kinds[s["kind"]] = kinds.get(s["kind"], 0) + 1
    print("positives:", len(pos), "secrets:", sum(kinds.values()), "two-secret texts:",
          sum(1 for r in pos if len(r["secrets"]) == 2))
    print("kinds:", kinds)
    miss = []
    extra = []
    for r in pos:
        found = scan(r["text"], allow_pip_pins=False)
        vals = [s["value"] for s in r["secrets"]]
        for kind, val in found:
            if not any(val in v or v in val or re.sub(r"[ -]", "", val) in re.sub(r"[ -]", "", v) for v in vals):
                extra.append((r["id"], kind, val))
        for s in r["secrets"]:
            if not any(s["value"] in val or val in s["value"] or re.sub(r"[ -]", "", val) in re.sub(r"[ -]", "", s["value"]) for _, val in found):
                miss.append((r["id"], s["kind"]))
    print("scanner finds unlabelled things in positives:", extra)
    print("scanner misses labelled positives (scanner gap, by kind):",
          {k: sum(1 for _, kk in miss if kk == k) for k in sorted(set(k for _, k in miss))})


if __name__ == "__main__":
    main()
