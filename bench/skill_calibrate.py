"""Calibrate the skill match / near-duplicate / topic-shift parameters on the DEV sets only.

Run from the repo root: `python bench/skill_calibrate.py [--embedder wordllama|hashing]`. Reads
`tests/support/data/skill_match_dev*.json` and `tests/support/data/skill_duplicates_dev*.json`
(never the held-out
files), searches a coarse grid, and prints the best settings and their dev figures, so the values
frozen in `writers/skills/matching.py` can be checked. Objectives: matching maximises F0.5 of
injecting the right body (precision first: a wrong body misleads the model), ties broken by
accuracy; duplicates maximise accuracy, ties broken by precision; both smoothed over the
neighbouring cut-offs (+-0.02) so a cut-off sits on a plateau, not on one dev case. The topic
shift is the cosine below which 90% of pairs of messages about different skills fall.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support import skill_eval  # noqa: E402
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder  # noqa: E402
from writers.skills.matching import (  # noqa: E402
    SkillMatcher,
    UsableSkill,
    coverage,
    overlap,
    skill_text,
    skill_texts,
    topic,
)

GRID_W = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
GRID_M = [0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.10]


def dev_files(kind: str) -> list[Path]:
    """The dev corpora of one kind ("match" or "duplicates")."""
    return sorted(skill_eval.DEV.glob(f"skill_{kind}_dev*.json"))


def f_half(p: float, r: float) -> float:
    """F0.5: precision weighted over recall."""
    return 1.25 * p * r / (0.25 * p + r) if p + r else 0.0


def match_table(corpora: list[dict[str, Any]], emb: Embedder) -> list[tuple[Any, ...]]:
    """Per case: (cosines, lexical coverages, slugs, expected slug)."""
    rows = []
    for corpus in corpora:
        skills = corpus["skills"]
        groups = [skill_texts(s["slug"], s["description"]) for s in skills]
        mat = emb.embed([t for g in groups for t in g])
        ends = np.cumsum([len(g) for g in groups])
        docs = [g[0] for g in groups]
        texts = [c["text"] for c in corpus["cases"]]
        qs = emb.embed(texts)
        for case, q in zip(corpus["cases"], qs, strict=True):
            flat = mat @ q
            cos = np.array([flat[e - len(g) : e].max() for g, e in zip(groups, ends, strict=True)])
            lex = np.array(coverage(case["text"], docs))
            rows.append((cos, lex, [s["slug"] for s in skills], case["expect"]))
    return rows


def predict(
    rows: list[tuple[Any, ...]], w: float, t: float, m: float
) -> tuple[list[str | None], list[str | None]]:
    """Injected slug (or None) per case, and the expected slugs."""
    pred: list[str | None] = []
    for cos, lex, slugs, _ in rows:
        score = cos + w * lex
        order = np.argsort(score)[::-1]
        best, second = score[order[0]], (score[order[1]] if len(score) > 1 else 0.0)
        pred.append(slugs[order[0]] if best >= t and best - second >= m else None)
    return pred, [r[3] for r in rows]


def figures(pred: list[Any], expect: list[Any]) -> tuple[float, float, float]:
    """(precision, recall, accuracy) as in tests/support/skill_eval.py."""
    f = skill_eval._figures(pred, expect)
    return f.precision, f.recall, f.accuracy


def smoothed(values: list[float], i: int, k: int = 2) -> float:
    """Mean of `values` over i-k..i+k (a cut-off on a plateau, not on one case's edge)."""
    window = values[max(0, i - k) : i + k + 1]
    return sum(window) / len(window)


CUTS = [round(float(t), 2) for t in np.arange(0.10, 0.80, 0.01)]


def calibrate_match(rows: list[tuple[Any, ...]]) -> tuple[float, float, float, tuple[float, ...]]:
    """The best (lexical weight, inject, margin) by F0.5 smoothed over neighbouring cut-offs."""
    best: tuple[Any, ...] | None = None
    for w, m in itertools.product(GRID_W, GRID_M):
        figs = [figures(*predict(rows, w, t, m)) for t in CUTS]
        fs = [f_half(p, r) for p, r, _ in figs]
        for i, t in enumerate(CUTS):
            key = (round(smoothed(fs, i), 4), round(figs[i][2], 4))
            if best is None or key > best[0]:
                best = (key, w, t, m, figs[i])
    assert best is not None
    return best[1], best[2], best[3], best[4]


def listed_cut(rows: list[tuple[Any, ...]], w: float, inject: float) -> float:
    """The lowest score at which a best-but-not-injected skill is still the expected one at least
    half the time (below it, naming the skill is more often wrong than right)."""
    for t in np.arange(0.05, inject, 0.01):
        named = [
            (slugs[int(np.argmax(cos + w * lex))], e)
            for cos, lex, slugs, e in rows
            if t <= float(np.max(cos + w * lex)) < inject
        ]
        if named and sum(1 for s, e in named if s == e) / len(named) >= 0.5:
            return round(float(t), 2)
    return inject


def duplicate_table(
    corpora: list[dict[str, Any]], emb: Embedder
) -> list[tuple[float, float, bool]]:
    """Per pair: (cosine, word overlap, same)."""
    rows = []
    for corpus in corpora:
        for pair in corpus["pairs"]:
            (sa, a), (sb, b) = skill_eval._side(pair["a"]), skill_eval._side(pair["b"])
            va, vb = emb.embed([topic(a), topic(b)])
            if sa is not None and sb is not None:
                a, b = skill_text(sa, a), skill_text(sb, b)
            else:
                a, b = topic(a), topic(b)
            rows.append((float(va @ vb), overlap(a, b), bool(pair["same"])))
    return rows


def calibrate_duplicates(rows: list[tuple[float, float, bool]]) -> tuple[Any, ...]:
    """The best (word-overlap weight, cut-off) by accuracy smoothed over neighbouring cut-offs."""
    cuts = [round(float(t), 2) for t in np.arange(0.20, 1.20, 0.01)]
    best: tuple[Any, ...] | None = None
    for w in GRID_W:
        figs = [
            figures([c + w * o >= t for c, o, _ in rows], [s for _, _, s in rows]) for t in cuts
        ]
        accs = [a for _, _, a in figs]
        for i, t in enumerate(cuts):
            key = (round(smoothed(accs, i), 4), round(figs[i][0], 4))
            if best is None or key > best[0]:
                best = (key, w, t, figs[i])
    assert best is not None
    return best[1:]


def topic_shift(corpora: list[dict[str, Any]], emb: Embedder) -> tuple[float, float, float]:
    """The cosine under which 90% of different-skill message pairs fall, and the share of
    same-skill and different-skill pairs under it."""
    same: list[float] = []
    diff: list[float] = []
    for corpus in corpora:
        cases = [c for c in corpus["cases"] if c["expect"]]
        vecs = emb.embed([c["text"] for c in cases])
        sims = vecs @ vecs.T
        for i, j in itertools.combinations(range(len(cases)), 2):
            (same if cases[i]["expect"] == cases[j]["expect"] else diff).append(float(sims[i, j]))
    cut = round(float(np.percentile(diff, 90)), 2)
    return cut, float(np.mean(np.array(same) < cut)), float(np.mean(np.array(diff) < cut))


def rematch_rates(corpora: list[dict[str, Any]], emb: Embedder) -> tuple[float, float, float]:
    """With the frozen thresholds, over ordered pairs of dev messages (a session opening on the
    first, then the second): the share of different-skill pairs moved to the second's skill,
    moved to a wrong skill, and the share of same-skill pairs moved away from their skill (a move
    on a same-skill pair whose opening missed its skill, to that skill, is right, not counted)."""
    matcher = SkillMatcher(emb)
    right = wrong = false_moves = n_diff = n_same = 0
    for corpus in corpora:
        skills = [UsableSkill(s["slug"], s["description"]) for s in corpus["skills"]]
        cases = [c for c in corpus["cases"] if c["expect"]]
        opened = {}
        for c in cases:
            m = matcher.match(c["text"], skills)
            opened[c["text"]] = m.slug if m is not None and m.mode == "injected" else None
        for a, b in itertools.permutations(cases, 2):
            moved = matcher.rematch(b["text"], a["text"], opened[a["text"]], skills)
            if a["expect"] == b["expect"]:
                n_same += 1
                false_moves += moved is not None and moved.slug != b["expect"]
            else:
                n_diff += 1
                if moved is not None:
                    right += moved.slug == b["expect"]
                    wrong += moved.slug != b["expect"]
    return right / n_diff, wrong / n_diff, false_moves / n_same


def main() -> None:
    """Print the calibrated settings per embedder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=["wordllama", "hashing"], action="append")
    args = parser.parse_args()
    matches = [skill_eval.load(p) for p in dev_files("match")]
    dups = [skill_eval.load(p) for p in dev_files("duplicates")]
    print("match dev:", [p.name for p in dev_files("match")])  # noqa: T201
    print("duplicates dev:", [p.name for p in dev_files("duplicates")])  # noqa: T201
    for name in args.embedder or ["wordllama", "hashing"]:
        emb: Embedder = WordLlamaEmbedder() if name == "wordllama" else HashingEmbedder()
        rows = match_table(matches, emb)
        w, t, m, figs = calibrate_match(rows)
        listed = listed_cut(rows, w, t)
        dw, dt, dfigs = calibrate_duplicates(duplicate_table(dups, emb))
        shift, same_far, diff_far = topic_shift(matches, emb)
        moved_right, moved_wrong, moved_same = rematch_rates(matches, emb)
        print(  # noqa: T201
            f"{emb.name} re-match (frozen thresholds): different-skill pairs moved to the right "
            f"skill {moved_right:.3f}, to a wrong one {moved_wrong:.3f}; same-skill pairs moved "
            f"away {moved_same:.3f}"
        )
        print(  # noqa: T201
            f"{emb.name}: lexical={w} inject={t} margin={m} listed={listed} "
            f"P/R/A={figs[0]:.3f}/{figs[1]:.3f}/{figs[2]:.3f} | duplicate_lexical={dw} "
            f"duplicate={dt} P/R/A={dfigs[0]:.3f}/{dfigs[1]:.3f}/{dfigs[2]:.3f} | "
            f"topic_shift={shift} (same-skill pairs under it {same_far:.2f}, "
            f"different {diff_far:.2f})"
        )


if __name__ == "__main__":
    main()
