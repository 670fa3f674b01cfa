"""Would BM25 fused with the embeddings help choose a session's lessons? A proxy measurement.

Run from the repo root: `python bench/lesson_hybrid.py [--embedder wordllama|hashing]`. There is
no labelled set of messages and the lessons relevant to them; the skill-match sets are the
nearest thing (a message and the one procedure, written as "use when ...", that fits it, or none),
so each skill's description stands in for a lesson (`lesson_text(condition, action)`: the
description as the condition, no action) and the selector's tail rule is replayed on them:
lessons whose cosine with the message reaches the embedder's `related` cut-off, best first, at
most `TAIL_LESSONS_MAX` (recency and seen-count are equal here, so they do not reorder).

Figures per variant, on the dev sets (`tests/support/data/skill_match_dev*.json`) and then the
held-out set: for messages with a fitting lesson, how often it is first (R@1), in the first three
(R@3), included at all (R@8), and the mean reciprocal rank; for messages with none, how many
lessons are put in anyway (noise, tokens spent on nothing).
- `cosine`: the selector as shipped.
- `fused`: the same gate (`related`), ordered by 0.6 x min-max BM25 + 0.4 x min-max cosine over
  the gated candidates (the facts' fusion, `writers/notes/facts.py`).
- `fused+gate`: ordered as `fused`, and a candidate needs BM25 > 0 or a cosine `related` + 0.1
  (words in common, or a clearly close meaning).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.skill_hybrid import bm25_normalised, minmax  # noqa: E402
from tests.support import skill_eval  # noqa: E402
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder, thresholds  # noqa: E402
from writers.lessons.index import lesson_text  # noqa: E402
from writers.selector import TAIL_LESSONS_MAX  # noqa: E402


def rank(cos: np.ndarray, bm: np.ndarray, related: float, variant: str) -> list[int]:
    """The lessons put into the tail, in order (indices)."""
    keep = [i for i in range(len(cos)) if cos[i] >= related]
    if variant == "fused+gate":
        keep = [i for i in keep if bm[i] > 0 or cos[i] >= related + 0.1]
    if not keep:
        return []
    if variant == "cosine":
        order = sorted(keep, key=lambda i: -cos[i])
    else:
        fused = 0.6 * minmax(bm[keep]) + 0.4 * minmax(cos[keep])
        order = [keep[j] for j in np.argsort(-fused, kind="stable")]
    return order[:TAIL_LESSONS_MAX]


def figures(corpora: list[dict[str, Any]], emb: Embedder, variant: str) -> str:
    """One table row of `variant` over `corpora`; won/lost: messages whose fitting lesson is
    first here and not with `cosine`, and the other way round."""
    related = thresholds(emb).related
    r1 = r3 = r8 = rr = 0.0
    n_rel = n_none = noise = won = lost = 0
    for corpus in corpora:
        skills = corpus["skills"]
        docs = [lesson_text(s["description"], "") for s in skills]
        mat = emb.embed(docs)
        qs = emb.embed([c["text"] for c in corpus["cases"]])
        for case, q in zip(corpus["cases"], qs, strict=True):
            bm = bm25_normalised(case["text"], docs)
            got = rank(mat @ q, bm, related, variant)
            slugs = [skills[i]["slug"] for i in got]
            first = [skills[i]["slug"] for i in rank(mat @ q, bm, related, "cosine")][:1]
            if case["expect"] is not None:
                won += slugs[:1] == [case["expect"]] and first != [case["expect"]]
                lost += first == [case["expect"]] and slugs[:1] != [case["expect"]]
            if case["expect"] is None:
                n_none += 1
                noise += len(got)
                continue
            n_rel += 1
            if case["expect"] in slugs:
                at = slugs.index(case["expect"])
                r1 += at == 0
                r3 += at < 3
                r8 += 1
                rr += 1 / (at + 1)
    return (
        f"| {variant} | {r1 / n_rel:.3f} | {r3 / n_rel:.3f} | {r8 / n_rel:.3f} | "
        f"{rr / n_rel:.3f} | +{won}/-{lost} of {n_rel} | {noise / max(n_none, 1):.2f} |"
    )


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=["wordllama", "hashing"], action="append")
    args = parser.parse_args()
    dev = [skill_eval.load(p) for p in sorted(skill_eval.DEV.glob("skill_match_dev*.json"))]
    held = [skill_eval.load(skill_eval.HERE / "skill_match.json")]
    for name in args.embedder or ["wordllama", "hashing"]:
        emb: Embedder = WordLlamaEmbedder() if name == "wordllama" else HashingEmbedder()
        for label, corpora in (("dev", dev), ("held-out", held)):
            print(f"### {emb.name}, {label}\n")  # noqa: T201
            print(  # noqa: T201
                "| variant | R@1 | R@3 | R@8 | MRR | R@1 won/lost vs cosine | "
                "lessons put in when none fits |"
            )
            print("|---|---|---|---|---|---|---|")  # noqa: T201
            for variant in ("cosine", "fused", "fused+gate"):
                print(figures(corpora, emb, variant), flush=True)  # noqa: T201
            print()  # noqa: T201


if __name__ == "__main__":
    main()
