"""Does BM25 (the facts' lexical half, writers/recall/lexical.py) help skill matching?

Run from the repo root: `python bench/skill_hybrid.py [--embedder wordllama|hashing]`. Each
variant's weights and cut-offs are calibrated on the dev sets only
(`tests/support/data/skill_match_dev*.json`, the objective of `bench/skill_calibrate.py`: F0.5 of
injecting the right body, smoothed over neighbouring cut-offs); the held-out set
(`tests/support/data/heldout/skill_match.json`) is scored once with what the dev sets chose.

Variants (score of a message against each skill; the best is injected when its score reaches
`inject` and leads the runner-up by `margin`):
- `shipped`: the frozen thresholds in `writers/skills/matching.py` (cosine + w x coverage).
- `coverage`: the same formula re-searched on this grid (what the search itself finds).
- `bm25`: cosine + w x BM25, the BM25 divided by the most the message's terms could score
  (each term's idf x (k1 + 1)), so an absolute cut-off still means "no skill fits".
- `both`: cosine + w x coverage + v x BM25 (normalised as above).
- `fused`: the facts' fusion for the choice (0.6 x min-max BM25 + 0.4 x min-max cosine over the
  skills), the shipped absolute score for the gate (`inject`) and the fused gap for the margin.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.skill_calibrate import CUTS, GRID_M, GRID_W, f_half, smoothed  # noqa: E402
from tests.support import skill_eval  # noqa: E402
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder  # noqa: E402
from writers.recall.lexical import K1, B, terms  # noqa: E402
from writers.skills.matching import coverage, skill_texts, skill_thresholds  # noqa: E402

Row = tuple[np.ndarray, np.ndarray, np.ndarray, list[str], str | None]
Scorer = Callable[[Row], tuple[np.ndarray, np.ndarray]]  # (gate score, choice score)


def bm25_normalised(query: str, docs: Sequence[str]) -> np.ndarray:
    """Okapi BM25 of `query` against each doc (idf over `docs`), divided by the most the query's
    distinct terms could score; 0..1."""
    toks = [terms(d) for d in docs]
    n = len(toks)
    avg = sum(len(t) for t in toks) / max(n, 1) or 1.0
    df = Counter(t for doc in toks for t in set(doc))
    q = set(terms(query))
    if not q:
        return np.zeros(n)
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in q}
    top = sum(idf[t] * (K1 + 1) for t in q)
    out = []
    for doc in toks:
        tf = Counter(doc)
        s = 0.0
        for t in q:
            f = tf.get(t, 0)
            if f:
                s += idf[t] * f * (K1 + 1) / (f + K1 * (1 - B + B * len(doc) / avg))
        out.append(s / top)
    return np.array(out)


def table(corpora: list[dict[str, Any]], emb: Embedder) -> list[Row]:
    """Per case: (cosines, coverages, normalised BM25s, slugs, expected slug)."""
    rows: list[Row] = []
    for corpus in corpora:
        skills = corpus["skills"]
        groups = [skill_texts(s["slug"], s["description"]) for s in skills]
        mat = emb.embed([t for g in groups for t in g])
        ends = np.cumsum([len(g) for g in groups])
        docs = [g[0] for g in groups]
        qs = emb.embed([c["text"] for c in corpus["cases"]])
        for case, q in zip(corpus["cases"], qs, strict=True):
            flat = mat @ q
            cos = np.array([flat[e - len(g) : e].max() for g, e in zip(groups, ends, strict=True)])
            rows.append(
                (
                    cos,
                    np.array(coverage(case["text"], docs)),
                    bm25_normalised(case["text"], docs),
                    [s["slug"] for s in skills],
                    case["expect"],
                )
            )
    return rows


def minmax(x: np.ndarray) -> np.ndarray:
    """`x` scaled to 0..1 over its own range (zeros when flat)."""
    span = float(x.max() - x.min())
    return (x - x.min()) / span if span > 0 else np.zeros_like(x)


def predict(rows: list[Row], scorer: Scorer, t: float, m: float) -> list[str | None]:
    """The injected slug (or None) per case."""
    out: list[str | None] = []
    for row in rows:
        gate, choice = scorer(row)
        order = np.argsort(choice)[::-1]
        gap = choice[order[0]] - (choice[order[1]] if len(choice) > 1 else 0.0)
        out.append(row[3][order[0]] if gate[order[0]] >= t and gap >= m else None)
    return out


def figs(rows: list[Row], pred: list[str | None]) -> tuple[float, float, float]:
    """(precision, recall, accuracy)."""
    f = skill_eval._figures(pred, [r[4] for r in rows])
    return f.precision, f.recall, f.accuracy


def calibrate(
    rows: list[Row], scorers: dict[tuple[float, ...], Scorer]
) -> tuple[tuple[float, ...], float, float]:
    """The best (params, inject, margin) on `rows` by smoothed F0.5, ties by accuracy."""
    best: tuple[Any, ...] | None = None
    for params, scorer in scorers.items():
        for m in GRID_M:
            fig = [figs(rows, predict(rows, scorer, t, m)) for t in CUTS]
            fs = [f_half(p, r) for p, r, _ in fig]
            for i, t in enumerate(CUTS):
                key = (round(smoothed(fs, i), 4), round(fig[i][2], 4))
                if best is None or key > best[0]:
                    best = (key, params, t, m)
    assert best is not None
    return best[1], best[2], best[3]


def cov(w: float) -> Scorer:
    """cosine + w x coverage (the shipped formula)."""
    return lambda r: (r[0] + w * r[1], r[0] + w * r[1])


def bm(w: float) -> Scorer:
    """cosine + w x normalised BM25."""
    return lambda r: (r[0] + w * r[2], r[0] + w * r[2])


def both(w: float, v: float) -> Scorer:
    """cosine + w x coverage + v x normalised BM25."""
    return lambda r: (r[0] + w * r[1] + v * r[2], r[0] + w * r[1] + v * r[2])


def fused(w: float) -> Scorer:
    """The shipped score gates; the facts' fusion chooses."""
    return lambda r: (r[0] + w * r[1], 0.6 * minmax(r[2]) + 0.4 * minmax(r[0]))


def variants(shipped_w: float) -> dict[str, dict[tuple[float, ...], Scorer]]:
    """Each variant's grid of parameters → scorer."""
    grid_v = [0.1, 0.2, 0.3, 0.4, 0.5, 0.7]
    return {
        "coverage": {(w,): cov(w) for w in GRID_W},
        "bm25": {(w,): bm(w) for w in [*GRID_W, 0.7, 1.0]},
        "both": {(w, v): both(w, v) for w, v in itertools.product(GRID_W, grid_v)},
        "fused": {(shipped_w,): fused(shipped_w)},
    }


def main() -> None:
    """Print one table per embedder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=["wordllama", "hashing"], action="append")
    args = parser.parse_args()
    dev_paths = sorted(skill_eval.DEV.glob("skill_match_dev*.json"))
    held = skill_eval.HERE / "skill_match.json"
    for name in args.embedder or ["wordllama", "hashing"]:
        emb: Embedder = WordLlamaEmbedder() if name == "wordllama" else HashingEmbedder()
        per_dev = {p.name: table([skill_eval.load(p)], emb) for p in dev_paths}
        dev = [r for rows in per_dev.values() for r in rows]
        heldout = table([skill_eval.load(held)], emb)
        t0 = skill_thresholds(emb)
        lines = [
            f"### {emb.name}",
            "",
            "| variant | params | inject | margin | dev P/R/A (all "
            f"{len(dev)}) | dev F0.5 | dev cases won/lost vs shipped | "
            + " | ".join(f"{k} A" for k in per_dev)
            + " | held-out P/R/A |",
            "|---|---|---|---|---|---|---|" + "---|" * len(per_dev) + "---|",
        ]
        chosen: list[tuple[str, tuple[float, ...], Scorer, float, float]] = [
            ("shipped", (t0.lexical,), cov(t0.lexical), t0.inject, t0.margin)
        ]
        for label, scorers in variants(t0.lexical).items():
            params, t, m = calibrate(dev, scorers)
            chosen.append((label, params, scorers[params], t, m))
        base = [p == r[4] for p, r in zip(predict(dev, *chosen[0][2:]), dev, strict=True)]
        for label, params, scorer, t, m in chosen:
            pred = predict(dev, scorer, t, m)
            right = [p == r[4] for p, r in zip(pred, dev, strict=True)]
            won = sum(1 for a, b in zip(right, base, strict=True) if a and not b)
            lost = sum(1 for a, b in zip(right, base, strict=True) if b and not a)
            d = figs(dev, pred)
            each = [figs(rows, predict(rows, scorer, t, m))[2] for rows in per_dev.values()]
            h = figs(heldout, predict(heldout, scorer, t, m))
            lines.append(
                f"| {label} | {params} | {t} | {m} | {d[0]:.3f}/{d[1]:.3f}/{d[2]:.3f} | "
                f"{f_half(d[0], d[1]):.3f} | +{won}/-{lost} | "
                + " | ".join(f"{a:.3f}" for a in each)
                + f" | {h[0]:.3f}/{h[1]:.3f}/{h[2]:.3f} |"
            )
        print("\n".join(lines) + "\n", flush=True)  # noqa: T201


if __name__ == "__main__":
    main()
