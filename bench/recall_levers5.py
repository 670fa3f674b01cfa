"""Recall levers of issue 23's fifth round (recall5), measured against the real read path; writes
bench/results/recall_levers5.md.

Run: `PYTHONPATH=$PWD python bench/recall_levers5.py` (seconds). The harness of
`bench/recall_levers.py` (each LoCoMo dev conversation stored as `bench/recall.py` stores it, the
scope's real index read back, the base selection recomputed in numpy and checked to choose
exactly what `select_context` chooses). The levers: evidence per token (the budget's slope, shared
date headers, the token estimate against a real tokenizer) and, for multi-hop and open-domain
questions, pseudo-relevance feedback on the dense side (the question's vector moved toward its
best facts', the second hop a multi-hop question needs).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.recall import BUDGET, LOCOMO_DIR  # noqa: E402
from bench.recall_levers import (  # noqa: E402
    Conv,
    base_score,
    build,
    cos,
    fill,
    fill_grouped,
    lever_table,
    mm,
    order,
    product_lex,
    run,
    tilt,
)
from writers.embed import WordLlamaEmbedder, default_embedder, row_dots  # noqa: E402
from writers.notes.facts import W_LEXICAL  # noqa: E402
from writers.recall import factindex, lexical  # noqa: E402
from writers.tokens import estimate_tokens  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "recall_levers5.md"
_LABEL = re.compile(r"^\[[^\]]{4,40}\]\s*")
Lever = Callable[[Conv, int], list[int]]


def unit(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


def dense_prf(k: int, beta: float, *, seed: str = "fused") -> Lever:
    """Rocchio on the dense side: the question's vector plus `beta` × the mean of the vectors of
    its `k` best facts (by the fused score, or by BM25 alone with seed="lex"), renormalised; the
    cosine to that replaces the question's own in the fusion."""

    def lever(c: Conv, qi: int) -> list[int]:
        q = c.questions[qi]
        lex = product_lex(c, qi)
        first = base_score(c, qi) if seed == "fused" else lex
        top = np.argsort(-first, kind="stable")[:k]
        qv = unit(c.qvec[qi].astype(np.float64) + beta * c.vec[top].astype(np.float64).mean(0))
        dense = row_dots(c.vec, qv.astype(np.float32)).astype(np.float64)
        rel = W_LEXICAL * mm(lex) + (1 - W_LEXICAL) * mm(dense)
        return fill(c, order(c, tilt(c, q, rel)))

    lever.__doc__ = dense_prf.__doc__
    return lever


def dense_third(k: int, gamma: float) -> Lever:
    """The cosine to the centroid of the `k` best facts' vectors as a third signal, weight
    `gamma` (the question's own signals keep theirs)."""

    def lever(c: Conv, qi: int) -> list[int]:
        q = c.questions[qi]
        lex = product_lex(c, qi)
        first = base_score(c, qi)
        top = np.argsort(-first, kind="stable")[:k]
        cen = unit(c.vec[top].astype(np.float64).mean(0)).astype(np.float32)
        cosq = row_dots(c.vec, c.qvec[qi]).astype(np.float64)
        cent = row_dots(c.vec, cen).astype(np.float64)
        rel = W_LEXICAL * mm(lex) + (1 - W_LEXICAL) * mm(cosq) + gamma * mm(cent)
        return fill(c, order(c, tilt(c, q, rel)))

    return lever


def undated_dense(c: Conv, qi: int, wl: float = W_LEXICAL) -> list[int]:
    """The dense side on the fact's text without its leading `[date]` label (as the product
    embeds the facts its memory writer stores: the date is the row's, added when rendered)."""
    q = c.questions[qi]
    vec = c.extra["undated"]
    dense = row_dots(vec, c.qvec[qi]).astype(np.float64)  # type: ignore[arg-type]
    rel = wl * mm(product_lex(c, qi)) + (1 - wl) * mm(dense)
    return fill(c, order(c, tilt(c, q, rel)))


def bm25_params(k1: float, b: float) -> Lever:
    """BM25 with other k1 and b (the product's: `lexical.K1`, `lexical.B`)."""

    def lever(c: Conv, qi: int) -> list[int]:
        old = lexical.K1, lexical.B
        lexical.K1, lexical.B = k1, b
        c.sh.__dict__.pop("norm", None)
        try:
            return fill(c, order(c, base_score(c, qi)))
        finally:
            lexical.K1, lexical.B = old
            c.sh.__dict__.pop("norm", None)

    return lever


def prf_params(docs: int, weight: float) -> Lever:
    """BM25's feedback round with other `lexical.PRF_DOCS` / `PRF_WEIGHT`."""

    def lever(c: Conv, qi: int) -> list[int]:
        old = lexical.PRF_DOCS, lexical.PRF_WEIGHT
        lexical.PRF_DOCS, lexical.PRF_WEIGHT = docs, weight
        try:
            return fill(c, order(c, base_score(c, qi)))
        finally:
            lexical.PRF_DOCS, lexical.PRF_WEIGHT = old

    return lever


def prior_tilt(t: float) -> Lever:
    """Another `facts.PRIOR_TILT` (how far the prior moves the fused score)."""

    def lever(c: Conv, qi: int) -> list[int]:
        q = c.questions[qi]
        rel = W_LEXICAL * mm(product_lex(c, qi)) + (1 - W_LEXICAL) * mm(cos(c, qi))
        days = np.maximum(0.0, (factindex.epoch(q.when) - c.sh.last_use_s) / 86400)
        pri = c.sh.confidence * np.exp(-c.sh.decay * days)
        return fill(c, order(c, rel * (1 + t * (np.minimum(pri, 1.0) - 0.5))))

    return lever


_WORD5 = re.compile(r"[a-z]{5,}")


def one_edit(a: str, b: str) -> bool:
    """Damerau-Levenshtein distance exactly 1 (one insertion, deletion, substitution or swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :] or (
            i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]
        )
    return a[i:] == b[i + 1 :]


def near_form(a: str, b: str) -> bool:
    """Another form of the same word: a shared prefix of 6+ letters and 3/4 of the shorter."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n >= 6 and n >= 0.75 * min(len(a), len(b))


def fuzzy(weight: float, *, edits: bool = True, forms: bool = True) -> Lever:
    """A question word the scope never uses (its stem is no term of any fact) brings the scope's
    words one edit away (a typo: "educaton", "persue") and/or another form of it ("symbolize" →
    "symbolizing", "prioritize" → "priority") as BM25 terms, weighted `weight`."""

    def lever(c: Conv, qi: int) -> list[int]:
        q = c.questions[qi]
        vocab = c.extra.get("words")
        if vocab is None:
            vocab = c.extra["words"] = sorted(
                {w for f in c.facts for w in _WORD5.findall(f.text.lower())}
            )
        held = c.extra.get("held")
        if held is None:
            held = c.extra["held"] = {lexical.stem(w) for w in vocab}  # type: ignore[attr-defined]
        extra: dict[int, float] = {}
        for w in _WORD5.findall(q.text.lower()):
            if w in lexical.STOPWORDS or lexical.stem(w) in held:  # type: ignore[operator]
                continue
            for v in vocab:  # type: ignore[attr-defined]
                if (edits and one_edit(w, v)) or (forms and near_form(w, v)):
                    h = hash(lexical.stem(v))
                    if h in c.sh.postings:
                        extra[h] = weight
        lex = product_lex(c, qi)
        if extra:
            lex = lex + c.sh.bm25(extra)
        rel = W_LEXICAL * mm(lex) + (1 - W_LEXICAL) * mm(cos(c, qi))
        return fill(c, order(c, tilt(c, q, rel)))

    return lever


def z(x: np.ndarray) -> np.ndarray:
    sd = float(x.std())
    return (x - x.mean()) / sd if sd > 0 else np.zeros_like(x)


def zfusion(wl: float = W_LEXICAL, *, dense_only: bool = False) -> Lever:
    """Each signal standardised (z-score over the scope's candidates) instead of min-max scaled
    before the weighted sum (a top outlier does not squash the rest), shifted to start at 0
    so the prior's tilt keeps its sense; with `dense_only`, only the cosine is."""

    def lever(c: Conv, qi: int) -> list[int]:
        q = c.questions[qi]
        lex, dense = product_lex(c, qi), cos(c, qi)
        if dense_only:
            rel = wl * mm(lex) + (1 - wl) * z(dense) / 4
        else:
            rel = wl * z(lex) + (1 - wl) * z(dense)
        return fill(c, order(c, tilt(c, q, rel - rel.min())))

    return lever


def levers() -> list[tuple[str, Lever]]:
    out: list[tuple[str, Lever]] = [
        ("base (= the real read path)", lambda c, qi: fill(c, order(c, base_score(c, qi)))),
    ]
    for b in (1100, 1200, 1500):
        out.append(
            (
                f"budget {b:,} (what more evidence per token could buy)",
                lambda c, qi, b=b: fill(c, order(c, base_score(c, qi)), b),  # type: ignore[misc]
            )
        )
    out.append(
        (
            "shared date headers (a fact pays for its `[date]` line once)",
            lambda c, qi: fill_grouped(c, order(c, base_score(c, qi))),
        )
    )
    out.append(("dense side without the `[date]` label", undated_dense))
    for wl in (0.5, 0.7):
        out.append(
            (
                f"dense side without the label, lexical weight {wl}",
                lambda c, qi, wl=wl: undated_dense(c, qi, wl),  # type: ignore[misc]
            )
        )
    for w in (0.5, 1.0):
        out.append((f"unseen question words: typos (one edit) and other forms, {w}", fuzzy(w)))
        out.append((f"unseen question words: typos (one edit) only, {w}", fuzzy(w, forms=False)))
        out.append((f"unseen question words: other forms only, {w}", fuzzy(w, edits=False)))
    for wl in (0.4, 0.5, 0.6, 0.7):
        out.append((f"z-score fusion, lexical weight {wl}", zfusion(wl)))
    out.append(("z-scored cosine (÷ 4), min-max BM25", zfusion(dense_only=True)))
    for k1, b in ((1.2, 0.3), (1.2, 0.5), (1.5, 0.75), (0.9, 0.4), (2.0, 0.75)):
        out.append((f"BM25 k1 {k1}, b {b}", bm25_params(k1, b)))
    for d, w in ((3, 0.2), (10, 0.2), (5, 0.1), (5, 0.3)):
        out.append((f"BM25 feedback: {d} facts, weight {w}", prf_params(d, w)))
    for t in (0.0, 0.15, 0.5):
        out.append((f"prior tilt {t}", prior_tilt(t)))
    for k in (3, 5, 10):
        for beta in (0.5, 1.0, 2.0):
            out.append((f"dense feedback: q + {beta} × mean of the top {k}", dense_prf(k, beta)))
    out.append(("dense feedback from BM25's top 5, 1.0", dense_prf(5, 1.0, seed="lex")))
    for k, g in ((5, 0.2), (5, 0.4), (10, 0.2), (10, 0.4)):
        out.append((f"centroid of the top {k} as a third signal, {g}", dense_third(k, g)))
    return out


def token_check(convs: list[Conv], emb: WordLlamaEmbedder) -> str:
    """The estimate against a real BPE tokenizer (WordLlama's, Llama 2's 32k vocabulary) on the
    context lines the facts are shown as (`> - [date] text`)."""
    lines = [f"> - {f.text}" for c in convs for f in c.facts]
    est = sum(estimate_tokens(x) for x in lines)
    enc = emb._tokenizer.encode_batch(lines, add_special_tokens=False)  # noqa: SLF001
    real = sum(sum(e.attention_mask) for e in enc)
    worst = max(sum(e.attention_mask) / estimate_tokens(x) for e, x in zip(enc, lines, strict=True))
    return (
        f"Token estimate on the {len(lines)} LoCoMo dev fact lines as shown (`> - [date] text`): "
        f"estimate {est:,}, Llama-2 tokenizer {real:,} ({real / est:.2f}× the estimate; the "
        f"worst line {worst:.2f}×)."
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--locomo-dir", type=Path, default=LOCOMO_DIR)
    args = ap.parse_args()
    emb = default_embedder()
    if not isinstance(emb, WordLlamaEmbedder):
        raise SystemExit("the levers need WordLlama")
    convs = [build(p, emb) for p in sorted(args.locomo_dir.glob("*.json"))]
    for c in convs:
        c.extra["table"] = emb
        c.extra["undated"] = emb.embed([_LABEL.sub("", f.text) for f in c.facts])
        for qi in range(len(c.questions)):
            if fill(c, order(c, base_score(c, qi))) != c.real[qi]:
                raise SystemExit(f"{c.name} q{qi}: the bench's base differs from select_context")
    results = [(name, run(convs, lever)) for name, lever in levers()]
    base = np.array(results[0][1].per_q)
    cats = ["single-hop", "temporal", "multi-hop", "open-domain"]
    names = [c.name for c in convs]
    lines = [
        "# Recall levers, fifth round (LoCoMo dev, against the real read path)",
        "",
        f"Generated by `python bench/recall_levers5.py` ({datetime.now(UTC):%Y-%m-%d %H:%M} "
        f"UTC). Δ is the paired difference from the base over the {base.size} questions, ± its "
        f"standard error; budget {BUDGET} tokens unless named.",
        "",
    ]
    lines += lever_table(results, base, names, cats)
    lines += ["", token_check(convs, emb)]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
