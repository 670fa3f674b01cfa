"""Recall levers of issue 23's eighth round (recall8), measured against the real read path;
writes bench/results/recall_levers8.md.

Run: `PYTHONPATH=$PWD python bench/recall_levers8.py` (under a minute). The harness of
`bench/recall_levers.py` (each LoCoMo dev conversation stored as `bench/recall.py` stores it, the
scope's real index read back, the base selection recomputed in numpy and checked to choose
exactly what `select_context` chooses). The levers, each on a grid declared here before the run:

- soft lexical match: per question word, its best cosine over a fact's words (WordLlama's static
  vectors of the scope's own words), as a soft BM25 term (the matched word's BM25 weight times
  the cosine, the best per question word) or as an idf-weighted max-sim; as a third signal or in
  place of the word-table expansion;
- packing by value per token: a greedy knapsack over the ranking's head (score / tokens with a
  floor), or shorter facts first among near-ties;
- category words: a question asking for a class of things ("What activities…", "Which
  events…": the plural noun after what/which) brings the scope's words nearest that class word,
  looser and more of them than the expansion takes.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.recall import BUDGET, LOCOMO_DIR, locomo  # noqa: E402
from bench.recall_levers import (  # noqa: E402
    FACT_BUDGET,
    Conv,
    base_score,
    checked,
    cos,
    fill,
    lever_table,
    mm,
    order,
    p50_p95,
    product_lex,
    run,
    tilt,
)
from writers.embed import WordLlamaEmbedder, default_embedder  # noqa: E402
from writers.notes.facts import W_LEXICAL  # noqa: E402
from writers.recall import expand, factindex, lexical  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "recall_levers8.md"
Lever = Callable[[Conv, int], list[int]]
_WORD = re.compile(r"[a-z]{3,}(?:'[a-z]+)?")
# A question asking for a class of things: "what/which" then (an adjective or two and) a plural
# noun, e.g. "What activities", "Which events", "What kind of books".
_CLASS = re.compile(
    r"\b(?:what|which)\s+(?:kinds?\s+of\s+|types?\s+of\s+)?(?:[a-z]+\s+)?([a-z]{4,}s)\b"
)


# --- the scope's words as vectors -----------------------------------------------------------------


def scope_words(c: Conv, emb: WordLlamaEmbedder) -> None:
    """The scope's distinct content words, their unit vectors (WordLlama, each word embedded
    alone), their term hashes, and a fact × word incidence (which fact holds which word)."""
    words = sorted(
        {w for f in c.facts for w in _WORD.findall(f.text.lower()) if w not in lexical.STOPWORDS}
    )
    pos = {w: n for n, w in enumerate(words)}
    inc = np.zeros((len(c.facts), len(words)), dtype=bool)
    for i, f in enumerate(c.facts):
        for w in _WORD.findall(f.text.lower()):
            if w in pos:
                inc[i, pos[w]] = True
    c.extra["words"] = words
    c.extra["wvec"] = emb.embed(words)
    c.extra["whash"] = np.array([hash(lexical.stem(w)) for w in words], dtype=np.int64)
    c.extra["inc"] = inc


def qwords(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in lexical.STOPWORDS]


def word_sims(c: Conv, qi: int, emb: WordLlamaEmbedder) -> tuple[list[str], np.ndarray]:
    """The question's content words and their cosines to the scope's words (words × q-words)."""
    key = f"sims{qi}"
    got = c.extra.get(key)
    if got is None:
        ws = qwords(c.questions[qi].text)
        sims = c.extra["wvec"] @ emb.embed(ws).T if ws else np.zeros((0, 0))  # type: ignore[operator]
        got = c.extra[key] = (ws, sims)
    return got  # type: ignore[return-value]


def term_weight(c: Conv, h: int) -> np.ndarray:
    """BM25's weight of term `h` in every fact (zeros where absent)."""
    out = np.zeros(len(c.sh))
    hit = c.sh.postings.get(h)
    if hit is None:
        return out
    docs, tf = hit
    n = len(c.sh)
    idf = math.log(1 + (n - len(docs) + 0.5) / (len(docs) + 0.5))
    out[docs] = idf * tf * (lexical.K1 + 1) / (tf + c.sh.norm[docs])
    return out


def piece_sims(
    c: Conv, qi: int, emb: WordLlamaEmbedder
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """As `word_sims`, over the expansion's candidates instead (the table's whole-word pieces
    whose term the scope holds), with their term hashes."""
    vocab = expand._vocab(emb)
    here, vecs = expand._in_shelf(c.sh, emb, vocab)
    ws = qwords(c.questions[qi].text)
    sims = vecs @ emb.embed(ws).T if ws else np.zeros((0, 0))
    return ws, sims, vocab.hashes[here]


def soft_bm25(
    c: Conv,
    qi: int,
    emb: WordLlamaEmbedder,
    tau: float,
    *,
    own: bool,
    pieces: bool = False,
    unseen: float | None = None,
) -> np.ndarray:
    """Per question word, each fact's best (cosine × BM25 weight) over the scope's words at a
    cosine ≥ `tau`, summed over the question's words. With `own` False, the question's own
    terms are left out (exact matches are BM25's), so it stands where the expansion stands.
    With `pieces`, the candidates are the expansion's (the table's whole-word pieces). With
    `unseen`, a question word whose stem no fact of the scope holds takes that threshold."""
    if pieces:
        ws, sims, whash = piece_sims(c, qi, emb)
    else:
        ws, sims = word_sims(c, qi, emb)
        whash = c.extra["whash"]  # type: ignore[assignment]
    out = np.zeros(len(c.sh))
    if not ws:
        return out
    qterms = set(lexical.hashed(c.questions[qi].text))
    cache: dict[int, np.ndarray] = c.extra.setdefault("tw", {})  # type: ignore[assignment]
    for col in range(len(ws)):
        best = np.zeros(len(c.sh))
        cut = tau
        if unseen is not None and hash(lexical.stem(ws[col])) not in c.sh.postings:
            cut = unseen
        hits = np.flatnonzero(sims[:, col] >= cut)
        for h, s in {int(whash[i]): float(sims[i, col]) for i in hits}.items():
            if not own and h in qterms:
                continue
            tw = cache.get(h)
            if tw is None:
                tw = cache[h] = term_weight(c, h)
            np.maximum(best, s * tw, out=best)
        out += best
    return out


def maxsim(c: Conv, qi: int, emb: WordLlamaEmbedder, tau: float) -> np.ndarray:
    """Late interaction with static word vectors: per question word, its best cosine over a
    fact's words (0 under `tau`), idf-weighted (the word's own BM25 idf in the scope; the
    highest when the scope lacks it) and averaged over the question's words."""
    ws, sims = word_sims(c, qi, emb)
    if not ws:
        return np.zeros(len(c.sh))
    inc: np.ndarray = c.extra["inc"]  # type: ignore[assignment]
    n = len(c.sh)
    s = np.where(sims >= tau, sims, 0.0)
    per = np.stack([(inc * s[:, k]).max(1) for k in range(len(ws))], 1)  # facts × q-words
    idf = []
    for w in ws:
        hit = c.sh.postings.get(hash(lexical.stem(w)))
        d = 0 if hit is None else len(hit[0])
        idf.append(math.log(1 + (n - d + 0.5) / (d + 0.5)))
    iw = np.array(idf)
    out: np.ndarray = (per * iw).sum(1) / iw.sum()
    return out


def before_lex(c: Conv, qi: int) -> np.ndarray:
    """BM25 with its feedback round and the query expansion, without the soft match: the
    lexical score before this round."""
    lex = c.sh.bm25_feedback(c.questions[qi].text)
    extra = expand.expansions(c.sh, c.questions[qi].text, c.extra["table"])  # type: ignore[arg-type]
    out: np.ndarray = lex + expand.WEIGHT * c.sh.bm25(extra) if extra else lex
    return out


def before(c: Conv, qi: int) -> np.ndarray:
    """The fused score before this round (no soft match)."""
    q = c.questions[qi]
    return tilt(c, q, W_LEXICAL * mm(before_lex(c, qi)) + (1 - W_LEXICAL) * mm(cos(c, qi)))


def third(c: Conv, qi: int, signal: np.ndarray, gamma: float) -> np.ndarray:
    """The fusion before this round with `signal` as a third, min-max scaled, weight `gamma`
    (the other two keep their ratio)."""
    q = c.questions[qi]
    rel = (1 - gamma) * (W_LEXICAL * mm(before_lex(c, qi)) + (1 - W_LEXICAL) * mm(cos(c, qi)))
    return tilt(c, q, rel + gamma * mm(signal))


def in_lex(c: Conv, qi: int, extra: np.ndarray, weight: float) -> np.ndarray:
    """The fusion with `weight` × `extra` added to BM25 in place of the expansion."""
    q = c.questions[qi]
    lex = c.sh.bm25_feedback(q.text) + weight * extra
    return tilt(c, q, W_LEXICAL * mm(lex) + (1 - W_LEXICAL) * mm(cos(c, qi)))


def on_lex(c: Conv, qi: int, extra: np.ndarray, weight: float) -> np.ndarray:
    """The same, on top of the expansion (as before this round)."""
    q = c.questions[qi]
    lex = before_lex(c, qi) + weight * extra
    return tilt(c, q, W_LEXICAL * mm(lex) + (1 - W_LEXICAL) * mm(cos(c, qi)))


# --- packing ---------------------------------------------------------------------------------


def knapsack(c: Conv, score: np.ndarray, head: float, floor: int, alpha: float = 1.0) -> list[int]:
    """The ranking's head (as many facts as the budget takes in rank order, × `head`) packed by
    score / max(tokens, floor)^alpha; what is left of the budget then filled in rank order."""
    ranked = order(c, score)
    k = max(1, int(round(len(fill(c, ranked)) * head)))
    top = ranked[:k]
    tok = np.maximum(c.sh.line_tokens[top], floor).astype(np.float64)
    dens = score[top] / tok**alpha
    by = [top[i] for i in np.lexsort((-c.sh.ids[top], -dens))]
    chosen = fill(c, by)
    have = set(chosen)
    used = int(c.sh.line_tokens[chosen].sum()) if chosen else 0
    for j in ranked:
        if j in have:
            continue
        cost = int(c.sh.line_tokens[j])
        if used + cost <= FACT_BUDGET:
            chosen.append(j)
            used += cost
    return chosen


def ties_short(c: Conv, score: np.ndarray, band: float) -> list[int]:
    """Rank order, but facts within `band` (a share of the best score) of each other are taken
    shortest first: scores rounded down to the band, then tokens, then the usual order."""
    top = float(score.max()) or 1.0
    bucket = np.floor(score / (band * top))
    ranked: list[int] = np.lexsort((-c.sh.ids, -score, c.sh.line_tokens, -bucket)).tolist()
    return fill(c, ranked)


# --- category words -------------------------------------------------------------------------------


def class_terms(c: Conv, qi: int, emb: WordLlamaEmbedder, tau: float, per: int) -> dict[int, float]:
    """For the class word of a question that asks for a class of things, the `per` scope words
    nearest it (cosine ≥ `tau`, not the question's own terms): term hash → cosine."""
    text = c.questions[qi].text.lower()
    m = _CLASS.search(text)
    if m is None or m.group(1) in lexical.STOPWORDS:
        return {}
    s = c.extra["wvec"] @ emb.embed([m.group(1)])[0]  # type: ignore[operator]
    whash: np.ndarray = c.extra["whash"]  # type: ignore[assignment]
    own = set(lexical.hashed(text))
    out: dict[int, float] = {}
    for i in np.argsort(-s, kind="stable"):
        if s[i] < tau or len(out) >= per:
            break
        h = int(whash[i])
        if h not in own and h not in out:
            out[h] = float(s[i])
    return out


def category(emb: WordLlamaEmbedder, tau: float, per: int, weight: float) -> Lever:
    """Category words (see `class_terms`) as BM25 terms weighted cosine × `weight`."""

    def lever(c: Conv, qi: int) -> list[int]:
        extra = class_terms(c, qi, emb, tau, per)
        lex = product_lex(c, qi)
        if extra:
            lex = lex + weight * c.sh.bm25(extra)
        q = c.questions[qi]
        return fill(c, order(c, tilt(c, q, W_LEXICAL * mm(lex) + (1 - W_LEXICAL) * mm(cos(c, qi)))))

    return lever


# --- the levers -----------------------------------------------------------------------------------


def levers(emb: WordLlamaEmbedder) -> list[tuple[str, Lever]]:
    Score = Callable[[Conv, int], np.ndarray]

    def ranked(f: Score) -> Lever:
        return lambda c, qi: fill(c, order(c, f(c, qi)))

    def soft(
        how: Callable[[Conv, int, np.ndarray, float], np.ndarray],
        tau: float,
        w: float,
        *,
        own: bool = False,
        pieces: bool = False,
    ) -> Lever:
        return ranked(
            lambda c, qi: how(c, qi, soft_bm25(c, qi, emb, tau, own=own, pieces=pieces), w)
        )

    def ms(tau: float, g: float) -> Lever:
        return ranked(lambda c, qi: third(c, qi, maxsim(c, qi, emb, tau), g))

    out: list[tuple[str, Lever]] = [
        ("before this round (expansion, no soft match)", ranked(before))
    ]
    for tau in (0.3, 0.4, 0.5):
        out += [
            (
                f"soft BM25 (cos ≥ {tau}, other words), in place of the expansion, {w}",
                soft(in_lex, tau, w),
            )
            for w in (0.5, 1.0)
        ]
        out.append(
            (
                f"soft BM25 (cos ≥ {tau}, other words), on top of the expansion, 0.5",
                soft(on_lex, tau, 0.5),
            )
        )
        out += [
            (
                f"soft BM25 (cos ≥ {tau}, with exact words) as a third signal, {g}",
                soft(third, tau, g, own=True),
            )
            for g in (0.1, 0.2, 0.3)
        ]
    out += [
        (
            f"soft BM25 over the expansion's candidates (cos ≥ {tau}), on top of it, 0.5",
            soft(on_lex, tau, 0.5, pieces=True),
        )
        for tau in (0.3, 0.4, 0.5)
    ]
    out += [
        (
            f"soft BM25 (cos ≥ 0.5, other words), on top of the expansion, {w} (robustness)",
            soft(on_lex, 0.5, w),
        )
        for w in (0.25, 1.0)
    ]
    out += [
        (f"word max-sim (cos ≥ {tau}) as a third signal, {g}", ms(tau, g))
        for tau in (0.0, 0.3, 0.5)
        for g in (0.1, 0.2, 0.3)
    ]
    out.append(("as adopted (= the real read path)", ranked(base_score)))
    return out


def levers_after(emb: WordLlamaEmbedder) -> list[tuple[str, Lever]]:
    """Looser soft match for unseen words, packing and category words, on the adopted base
    (the real read path; the soft-match row stands for it at its other settings)."""
    out: list[tuple[str, Lever]] = [
        ("base (= the real read path)", lambda c, qi: fill(c, order(c, base_score(c, qi))))
    ]
    for tau in (0.45, 0.4, 0.35):
        out.append(
            (
                f"soft match: a question word the scope never uses at cos ≥ {tau} (others 0.5)",
                lambda c, qi, t=tau: fill(  # type: ignore[misc]
                    c,
                    order(
                        c,
                        on_lex(c, qi, soft_bm25(c, qi, emb, 0.5, own=False, unseen=t), 0.5),
                    ),
                ),
            )
        )
    for head in (1.2, 1.5, 2.0):
        for floor in (15, 25):
            out.append(
                (
                    f"knapsack over the head × {head}, score / max(tokens, {floor})",
                    lambda c, qi, h=head, f=floor: knapsack(c, base_score(c, qi), h, f),  # type: ignore[misc]
                )
            )
    out.append(
        (
            "knapsack over the head × 1.5, score / max(tokens, 25)^0.5",
            lambda c, qi: knapsack(c, base_score(c, qi), 1.5, 25, 0.5),
        )
    )
    for band in (0.01, 0.02, 0.05):
        out.append(
            (
                f"shorter first among near-ties (within {band:.0%} of the best score)",
                lambda c, qi, b=band: ties_short(c, base_score(c, qi), b),  # type: ignore[misc]
            )
        )
    for tau, per in ((0.25, 5), (0.2, 10), (0.15, 20)):
        for w in (0.5, 1.0):
            out.append(
                (
                    f"category words: class word's {per} nearest scope words (cos ≥ {tau}), {w}",
                    category(emb, tau, per, w),
                )
            )
    return out


def soft_cost(emb: WordLlamaEmbedder, facts: int = factindex.TEXTS_MAX, n: int = 200) -> str:
    """The soft match's cost at its largest: a shelf of `facts` facts (the most that keep their
    texts) of six words each, drawn from the table's whole-word pieces (a vocabulary far richer
    than a team's), asked LoCoMo's questions: the first selection's vocabulary embedding, then
    each question's soft match."""
    rng = random.Random(7)
    pool = [w for w in emb.word_pieces()[1] if len(w) >= 3 and w not in lexical.STOPWORDS]
    day = datetime(2026, 1, 1, tzinfo=UTC)
    rows = [
        SimpleNamespace(
            id=i, text=" ".join(rng.sample(pool, 6)), text_hash=f"h{i}", category="general",
            confidence=1.0, decay_rate=0.0, last_accessed_at=None, created_at=day,
            status="active", flags=None,
        )
        for i in range(facts)
    ]  # fmt: skip
    sh = factindex._build(rows, (0,), lambda _c, t, _d: len(t) // 4)  # noqa: SLF001
    t0 = time.process_time()
    hashes, _v = expand._scope_words(sh, emb)  # noqa: SLF001
    build = time.process_time() - t0
    # A write: the shelf rebuilt with one more fact takes the words over (`factindex.CARRIERS`).
    more = [*rows, SimpleNamespace(**{**vars(rows[0]), "id": facts, "text_hash": "new"})]
    more[-1].text = " ".join(rng.sample(pool, 6))
    again = factindex._build(more, (1,), lambda _c, t, _d: len(t) // 4)  # noqa: SLF001
    t0 = time.process_time()
    for carry in factindex.CARRIERS:
        carry(sh, again)
    expand._scope_words(again, emb)  # noqa: SLF001
    rebuilt = time.process_time() - t0
    qs = [q.text for p in sorted(LOCOMO_DIR.glob("*.json")) for q in locomo(p).questions][:n]
    times = []
    for q in qs:
        t0 = time.process_time()
        expand.soft_match(sh, q, emb)
        times.append(time.process_time() - t0)
    p50, p95 = p50_p95(times)
    return (
        f"Soft match, worst case ({facts:,} facts keeping their texts, {hashes.size:,} distinct "
        f"words): the vocabulary embedded once per shelf {1000 * build:.0f} ms of CPU; after a "
        f"write (one more fact), the rebuilt shelf's words taken over and the new ones embedded "
        f"{1000 * rebuilt:.0f} ms; then "
        f"{len(times)} questions, CPU p50 {p50:.1f} ms, p95 {p95:.1f} ms (load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)."
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--locomo-dir", type=Path, default=LOCOMO_DIR)
    ap.add_argument("--cost", action="store_true", help="only the soft match's worst-case cost")
    args = ap.parse_args()
    emb = default_embedder()
    if not isinstance(emb, WordLlamaEmbedder):
        raise SystemExit("the levers need WordLlama")
    if args.cost:
        print(soft_cost(emb))
        return
    convs = checked(args.locomo_dir, emb)
    for c in convs:
        scope_words(c, emb)
    n_class = sum(bool(_CLASS.search(q.text.lower())) for c in convs for q in c.questions)
    cats = ["single-hop", "temporal", "multi-hop", "open-domain"]
    names = [c.name for c in convs]
    lines = [
        "# Recall levers, eighth round (LoCoMo dev, against the real read path)",
        "",
        f"Generated by `python bench/recall_levers8.py` ({datetime.now(UTC):%Y-%m-%d %H:%M} "
        "UTC). Δ is the paired difference from each table's first row over the questions, ± its "
        f"standard error; budget {BUDGET} tokens. Questions asking for a class of things (the "
        f"category-word levers touch only these): {n_class}.",
        "",
        "## Soft lexical match, against the base before this round",
        "",
    ]
    for title, grid in (
        (None, levers(emb)),
        ("## Other levers, against the adopted base", levers_after(emb)),
    ):
        results = [(name, run(convs, lever)) for name, lever in grid]
        if title:
            lines += ["", title, ""]
        lines += lever_table(results, np.array(results[0][1].per_q), names, cats)
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
