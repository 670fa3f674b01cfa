"""Do the facts' word levers help skill matching and lessons? The stemmer and the word-table
expansion, measured on the skill matcher's word coverage and on the lessons' proxy.

Run from the repo root: `python bench/skill_words.py [--embedder wordllama|hashing]`. What
helped facts (issue 23): the stemmer with derivational endings (`writers.recall.lexical.stem`)
and the query expansion from WordLlama's word table (`writers.recall.expand`: a question word
brings the table's whole-word pieces closest to it, cosine >= 0.5, at most 3, that the documents
use). BM25 fused with the embeddings was measured for both before and not adopted
(`bench/skill_hybrid.py`, `bench/lesson_hybrid.py`); this reuses their harness.

Word sets (the coverage term of `writers.skills.matching.coverage`: the idf-weighted share of the
message's distinct content words a skill's text contains):
- `crude`: as shipped, `writers.embed.content_words` (its own -ing/-ed/-es/-s stripper).
- `stem`: the same words and stop words, stemmed by the facts' stemmer.
- `+x`: a message word a skill lacks counts `ew` x the cosine of its closest table neighbour the
  skill has (at most 1), `ew` chosen on dev from `EXPAND_WEIGHTS`; WordLlama only (the hashing
  fallback has no word table).

Skill matching: each variant's lexical weight, `inject` and `margin` are chosen on the dev sets
(`tests/support/data/skill_match_dev*.json`) by `bench/skill_calibrate.py`'s objective (F0.5 of
injecting the right body, smoothed over neighbouring cut-offs, ties by accuracy); `@ shipped`
rows keep the frozen thresholds. Lessons' proxy (`bench/lesson_hybrid.py`: skill descriptions
stand in for lessons, the selector's tail gate `cosine >= related` is kept, so the lessons put in
when none fits do not change): candidates ordered by cosine + w x coverage, w (and `ew`) chosen on
dev by MRR. The held-out set (`tests/support/data/heldout/skill_match.json`) is scored once, in the
same run, with what dev chose. Won/lost: dev cases right here and wrong as shipped, and the other
way round (lessons: the fitting lesson first); p: exact two-sided McNemar on those.
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
from writers.embed import (  # noqa: E402
    Embedder,
    HashingEmbedder,
    WordLlamaEmbedder,
    content_words,
    thresholds,
)
from writers.lessons.index import lesson_text  # noqa: E402
from writers.selector import TAIL_LESSONS_MAX, lesson_words  # noqa: E402
from writers.skills.matching import _idf, covered, skill_texts, skill_thresholds  # noqa: E402

MIN_COS, PER_WORD = 0.5, 3  # the facts' expansion (writers/recall/expand.py)
EXPAND_WEIGHTS = (0.5, 1.0)
Words = Callable[[str], list[str]]


# `stem`: `content_words` with the facts' stemmer instead of its own suffix stripper (what the
# selector's `lesson_words` is).
WORDS: dict[str, Words] = {"crude": content_words, "stem": lesson_words}


_KEYED: dict[tuple[str, Any], list[tuple[int, str]]] = {}
_CANDS: dict[tuple[str, frozenset[str], Any], tuple[list[tuple[int, str]], np.ndarray]] = {}


def _candidates(
    emb: Any, docs_words: frozenset[str], words: Words
) -> tuple[list[tuple[int, str]], np.ndarray]:
    """The table's whole-word pieces whose key the documents use, with their unit vectors."""
    if (emb.name, words) not in _KEYED:
        ids, vocab = emb.word_pieces()
        _KEYED[emb.name, words] = [
            (int(i), k[0]) for i, w in zip(ids, vocab, strict=True) for k in [words(w)] if k
        ]
    key = (emb.name, docs_words, words)
    if key not in _CANDS:
        cand = [(i, k) for i, k in _KEYED[emb.name, words] if k in docs_words]
        ids = np.array([i for i, _ in cand], dtype=np.int64)
        _CANDS[key] = (cand, emb.piece_vectors(ids) if cand else np.zeros((0, emb.dim)))
    return _CANDS[key]


def neighbours(
    emb: Any, text: str, docs_words: set[str], words: Words
) -> dict[str, dict[str, float]]:
    """Per content word of `text` (as `words` keys it): up to PER_WORD table neighbours with a
    cosine >= MIN_COS that the documents use and the text does not, key → cosine."""
    raw = content_words(text, stem=str)  # unstemmed
    raw = [w for w in dict.fromkeys(raw) if len(w) >= 3 and w.isalpha()]
    own = set(words(text))
    if not raw or not hasattr(emb, "word_pieces"):
        return {}
    cand, vecs = _candidates(emb, frozenset(docs_words), words)
    if not cand:
        return {}
    sims = vecs @ emb.embed(raw).T
    sims[[k in own for _, k in cand]] = -1.0  # the text's own words are not neighbours
    out: dict[str, dict[str, float]] = {}
    for col, w in enumerate(raw):
        key = words(w)
        if not key:
            continue
        s = sims[:, col]
        got: dict[str, float] = {}
        for j in np.argsort(-s, kind="stable"):
            if s[j] < MIN_COS or len(got) >= PER_WORD:
                break
            k = cand[int(j)][1]
            if k not in got:
                got[k] = float(s[j])
        slot = out.setdefault(key[0], {})
        for k, v in got.items():
            slot[k] = max(slot.get(k, 0.0), v)
    return out


def coverage(
    text: str,
    docs: Sequence[str],
    words: Words,
    near: dict[str, dict[str, float]] | None = None,
    ew: float = 0.0,
) -> np.ndarray:
    """`writers.skills.matching.coverage` with `words`; with `near`, a word a doc lacks counts
    min(1, ew x its closest neighbour's cosine) among the doc's words."""
    own = set(words(text))
    sets = [set(words(d)) for d in docs]
    if not own or not sets:
        return np.zeros(len(docs))
    n = len(sets)
    weight = {w: _idf(sum(1 for d in sets if w in d), n) for w in own}
    total = sum(weight.values())
    out = []
    for d in sets:
        s = 0.0
        for w in own:
            if w in d:
                s += weight[w]
            elif near and w in near:
                best = max((c for k, c in near[w].items() if k in d), default=0.0)
                s += weight[w] * min(1.0, ew * best)
        out.append(s / total)
    return np.array(out)


def variants_of(emb: Embedder) -> list[tuple[str, str, float]]:
    """(label, word set, expansion weight) of each coverage computed."""
    out = [("crude", "crude", 0.0), ("stem", "stem", 0.0)]
    if hasattr(emb, "word_pieces"):
        for base, ew in itertools.product(("crude", "stem"), EXPAND_WEIGHTS):
            out.append((f"{base}+x{ew}", base, ew))
    return out


def covs(text: str, docs: Sequence[str], emb: Embedder) -> dict[str, np.ndarray]:
    """Every variant's coverage of `text` over `docs`."""
    out: dict[str, np.ndarray] = {}
    near: dict[str, dict[str, dict[str, float]]] = {}
    for label, base, ew in variants_of(emb):
        if not ew:
            out[label] = coverage(text, docs, WORDS[base])
            continue
        if base not in near:
            union = {w for d in docs for w in WORDS[base](d)}
            near[base] = neighbours(emb, text, union, WORDS[base])
        out[label] = coverage(text, docs, WORDS[base], near[base], ew)
    return out


# --- skill matching -------------------------------------------------------------------------

Row = tuple[np.ndarray, dict[str, np.ndarray], list[str], str | None]


def skill_rows(corpus: dict[str, Any], emb: Embedder) -> list[Row]:
    """Per case: (cosines, coverage per variant, slugs, expected slug)."""
    skills = corpus["skills"]
    groups = [skill_texts(s["slug"], s["description"]) for s in skills]
    mat = emb.embed([t for g in groups for t in g])
    ends = np.cumsum([len(g) for g in groups])
    docs = [g[0] for g in groups]
    qs = emb.embed([c["text"] for c in corpus["cases"]])
    rows: list[Row] = []
    for case, q in zip(corpus["cases"], qs, strict=True):
        flat = mat @ q
        cos = np.array([flat[e - len(g) : e].max() for g, e in zip(groups, ends, strict=True)])
        rows.append(
            (cos, covs(case["text"], docs, emb), [s["slug"] for s in skills], case["expect"])
        )
    return rows


def decide(rows: list[Row], label: str, w: float) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Per case: the best score, its lead over the runner-up, and the best slug."""
    best, gap, slug = [], [], []
    for cos, cov, slugs, _ in rows:
        s = cos + w * cov[label]
        order = np.argsort(s)[::-1]
        best.append(s[order[0]])
        gap.append(s[order[0]] - (s[order[1]] if len(s) > 1 else 0.0))
        slug.append(slugs[order[0]])
    return np.array(best), np.array(gap), slug


def predict(rows: list[Row], label: str, w: float, t: float, m: float) -> list[str | None]:
    """The injected slug (or None) per case."""
    best, gap, slug = decide(rows, label, w)
    return [s if b >= t and g >= m else None for b, g, s in zip(best, gap, slug, strict=True)]


def figs(rows: list[Row], pred: list[str | None]) -> tuple[float, float, float]:
    """(precision, recall, accuracy)."""
    f = skill_eval._figures(pred, [r[3] for r in rows])
    return f.precision, f.recall, f.accuracy


def calibrate(rows: list[Row], label: str, grid_w: Sequence[float]) -> tuple[float, float, float]:
    """The best (lexical weight, inject, margin) by smoothed F0.5, ties by accuracy."""
    expect = [r[3] for r in rows]
    best: tuple[Any, ...] | None = None
    for w in grid_w:
        top, gap, slug = decide(rows, label, w)
        for m in GRID_M:
            fig = []
            for t in CUTS:
                pred = [
                    s if b >= t and g >= m else None for b, g, s in zip(top, gap, slug, strict=True)
                ]
                f = skill_eval._figures(pred, expect)
                fig.append((f.precision, f.recall, f.accuracy))
            fs = [f_half(p, r) for p, r, _ in fig]
            for i, t in enumerate(CUTS):
                key = (round(smoothed(fs, i), 4), round(fig[i][2], 4))
                if best is None or key > best[0]:
                    best = (key, w, t, m)
    assert best is not None
    return best[1], best[2], best[3]


def mcnemar(won: int, lost: int) -> float:
    """Exact two-sided McNemar p on the discordant cases."""
    n = won + lost
    if not n:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(won, lost) + 1)) / 2**n
    return min(1.0, 2 * tail)


def won_lost(right: list[bool], base: list[bool]) -> tuple[int, int]:
    """Cases right here and not in `base`, and the other way round."""
    won = sum(1 for a, b in zip(right, base, strict=True) if a and not b)
    lost = sum(1 for a, b in zip(right, base, strict=True) if b and not a)
    return won, lost


def skill_table(emb: Embedder, dev: list[Row], held: list[Row]) -> list[str]:
    """The skill-matching table for one embedder."""
    t0 = skill_thresholds(emb)
    chosen: list[tuple[str, str, float, float, float]] = [
        ("shipped", "crude", t0.lexical, t0.inject, t0.margin),
        ("stem @ shipped thresholds", "stem", t0.lexical, t0.inject, t0.margin),
    ]
    for label, _base, ew in variants_of(emb):
        if ew:
            chosen.append(
                (f"{label} @ shipped thresholds", label, t0.lexical, t0.inject, t0.margin)
            )
    for label, _base, _ew in variants_of(emb):
        w, t, m = calibrate(dev, label, GRID_W)
        chosen.append((f"{label} (re-searched)", label, w, t, m))
    expect_dev = [r[3] for r in dev]
    expect_held = [r[3] for r in held]
    base_dev = [p == e for p, e in zip(predict(dev, *chosen[0][1:]), expect_dev, strict=True)]
    base_held = [p == e for p, e in zip(predict(held, *chosen[0][1:]), expect_held, strict=True)]
    lines = [
        f"### Skill matching, {emb.name}",
        "",
        f"| variant | lexical w | inject | margin | dev P/R/A ({len(dev)}) | dev F0.5 | "
        f"dev won/lost vs shipped | McNemar p | held-out P/R/A ({len(held)}) | "
        "held-out won/lost |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, label, w, t, m in chosen:
        pd, ph = predict(dev, label, w, t, m), predict(held, label, w, t, m)
        won, lost = won_lost([p == e for p, e in zip(pd, expect_dev, strict=True)], base_dev)
        hw, hl = won_lost([p == e for p, e in zip(ph, expect_held, strict=True)], base_held)
        d, h = figs(dev, pd), figs(held, ph)
        lines.append(
            f"| {name} | {w} | {t} | {m} | {d[0]:.3f}/{d[1]:.3f}/{d[2]:.3f} | "
            f"{f_half(d[0], d[1]):.3f} | +{won}/−{lost} | {mcnemar(won, lost):.3f} | "
            f"{h[0]:.3f}/{h[1]:.3f}/{h[2]:.3f} | +{hw}/−{hl} |"
        )
    return lines


# --- lessons' proxy -------------------------------------------------------------------------

# (cosines, coverage per variant, slugs, expected slug, message, lesson texts)
LessonRow = tuple[np.ndarray, dict[str, np.ndarray], list[str], str | None, str, list[str]]
WIRED = "stem, as wired in writers/selector.py"
LESSON_W = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5)


def lesson_rows(corpus: dict[str, Any], emb: Embedder) -> list[LessonRow]:
    """Per case: (cosines with each lesson, coverage per variant, slugs, expected slug)."""
    skills = corpus["skills"]
    docs = [lesson_text(s["description"], "") for s in skills]
    mat = emb.embed(docs)
    qs = emb.embed([c["text"] for c in corpus["cases"]])
    return [
        (
            mat @ q,
            covs(c["text"], docs, emb),
            [s["slug"] for s in skills],
            c["expect"],
            c["text"],
            docs,
        )
        for c, q in zip(corpus["cases"], qs, strict=True)
    ]


def lesson_ranks(rows: list[LessonRow], related: float, label: str | None, w: float) -> list[int]:
    """Per case with a fitting lesson: its rank in the tail (0 first), or -1 when not put in."""
    out = []
    for cos, cov, slugs, expect, text, docs in rows:
        if expect is None:
            continue
        keep = [i for i in range(len(cos)) if cos[i] >= related]
        if label == WIRED:
            # As the selector does (`_tail_lessons`): the lessons `search_injectable` fetches
            # (the best TAIL_LESSONS_MAX x 3 by cosine) that reach `related`, their coverage
            # with the idf over every lesson, by the selector's own functions.
            keep = sorted(keep, key=lambda i: -cos[i])[: TAIL_LESSONS_MAX * 3]
            sets = [frozenset(lesson_words(d)) for d in docs]
            df = Counter(w for d in sets for w in d)
            lex = np.array(covered(set(lesson_words(text)), [sets[i] for i in keep], df, len(sets)))
            score = cos.copy()
            score[keep] = cos[keep] + w * lex
        else:
            score = cos if label is None else cos + w * cov[label]
        got = [slugs[i] for i in sorted(keep, key=lambda i: -score[i])][:TAIL_LESSONS_MAX]
        out.append(got.index(expect) if expect in got else -1)
    return out


def lesson_figs(ranks: list[int]) -> tuple[float, float, float, float]:
    """(R@1, R@3, R@8, MRR)."""
    n = len(ranks) or 1
    return (
        sum(r == 0 for r in ranks) / n,
        sum(0 <= r < 3 for r in ranks) / n,
        sum(r >= 0 for r in ranks) / n,
        sum(1 / (r + 1) for r in ranks if r >= 0) / n,
    )


def lesson_table(emb: Embedder, dev: list[LessonRow], held: list[LessonRow]) -> list[str]:
    """The lessons' proxy table for one embedder."""
    related = thresholds(emb).related
    chosen: list[tuple[str, str | None, float]] = [("cosine (shipped)", None, 0.0)]
    for label in [v[0] for v in variants_of(emb)] + [WIRED]:
        best = max(
            LESSON_W,
            key=lambda w, lb=label: (
                lesson_figs(lesson_ranks(dev, related, lb, w))[3],
                lesson_figs(lesson_ranks(dev, related, lb, w))[0],
                -w,
            ),
        )
        chosen.append((f"cosine + w × coverage ({label})", label, best))
    base_dev = [r == 0 for r in lesson_ranks(dev, related, None, 0.0)]
    base_held = [r == 0 for r in lesson_ranks(held, related, None, 0.0)]
    lines = [
        f"### Lessons' proxy, {emb.name}",
        "",
        f"| variant | w | dev R@1 / R@3 / MRR ({len(base_dev)} with a fit) | "
        "dev R@1 won/lost vs cosine | McNemar p | "
        f"held-out R@1 / R@3 / MRR ({len(base_held)}) | held-out won/lost |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, label, w in chosen:
        rd, rh = lesson_ranks(dev, related, label, w), lesson_ranks(held, related, label, w)
        won, lost = won_lost([r == 0 for r in rd], base_dev)
        hw, hl = won_lost([r == 0 for r in rh], base_held)
        d, h = lesson_figs(rd), lesson_figs(rh)
        lines.append(
            f"| {name} | {w} | {d[0]:.3f} / {d[1]:.3f} / {d[3]:.3f} | +{won}/−{lost} | "
            f"{mcnemar(won, lost):.3f} | {h[0]:.3f} / {h[1]:.3f} / {h[3]:.3f} | +{hw}/−{hl} |"
        )
    return lines


def main() -> None:
    """Print the tables, one pair per embedder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=["wordllama", "hashing"], action="append")
    args = parser.parse_args()
    dev_sets = [skill_eval.load(p) for p in sorted(skill_eval.DEV.glob("skill_match_dev*.json"))]
    held_set = skill_eval.load(skill_eval.HERE / "skill_match.json")
    for name in args.embedder or ["wordllama", "hashing"]:
        emb: Embedder = WordLlamaEmbedder() if name == "wordllama" else HashingEmbedder()
        dev = [r for c in dev_sets for r in skill_rows(c, emb)]
        held = skill_rows(held_set, emb)
        print("\n".join(skill_table(emb, dev, held)) + "\n", flush=True)  # noqa: T201
        ldev = [r for c in dev_sets for r in lesson_rows(c, emb)]
        lheld = lesson_rows(held_set, emb)
        print("\n".join(lesson_table(emb, ldev, lheld)) + "\n", flush=True)  # noqa: T201


if __name__ == "__main__":
    main()
