"""Issue 23's ninth round (recall9): a contextual embedder's vectors as the dense signal of the
real fusion, and beside WordLlama's; writes bench/results/recall_levers9.md.

Three steps (the candidates run in a scratch venv: torch is no dependency of the project):

1. `PYTHONPATH=$PWD python bench/recall_levers9.py --texts /tmp/r9vec/texts.json`: every fact text
   and question of LoCoMo dev, Slack dev and Slack held-out, in one list.
2. `HF_HUB_OFFLINE=1 /tmp/r9venv/bin/python bench/recall_embed9.py --texts /tmp/r9vec/texts.json
   --out /tmp/r9vec --only <candidate>`: the candidate's vectors of those texts, and its cost.
3. `PYTHONPATH=$PWD python bench/recall_levers9.py --vectors /tmp/r9vec [--heldout]`.

`--real-path CANDIDATE` checks the harness's row "alone, wl 0.6" end to end instead: the
corpora run through `bench/recall.py`'s `run_corpus` (the real `select_context`) with an
embedder whose vectors of the facts and questions are the candidate's, while every other text
(the word table's words, for the expansion and the soft match) is WordLlama's as in the product.

The harness of `bench/recall_levers.py`: LoCoMo dev conversations stored as `bench/recall.py`
stores them, the scope's real shelf read back, the base selection recomputed in numpy and checked
to choose exactly what `select_context` chooses for every question. The Slack-shaped sets are
run as `bench/recall.py` runs them (facts written up to each question's day, the question asked
in its own scope): per question the scope's real shelf and the session's visibility mask are read
back, and the base recomputed and checked the same way. Then each candidate's vectors (by text,
from step 2) replace WordLlama's in the cosine, or join it; the lexical side (BM25 with its
feedback round, the word-table expansion and the soft match) is the product's, unchanged.

The grid, declared before the run (lexical weight `wl`; `a` is WordLlama's share of the dense
part when both cosines are fused, each min-max normalised as the product does):
- the candidate alone at wl 0.6 (the product's `W_LEXICAL`), 0.5, 0.4;
- beside WordLlama at wl 0.6 with a 0.25, 0.5, 0.75, and at wl 0.5 with a 0.5;
- for reading only, no candidate: the dense signal alone (wl 0).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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
    run_corpus,
    slack,
    write_due,
)
from bench.recall_levers import (  # noqa: E402
    checked,
    cos,
    fill_tokens,
    mm,
    product_lex,
    read_shelf,
)
from store.db import Store  # noqa: E402
from writers.embed import WordLlamaEmbedder, default_embedder, row_dots  # noqa: E402
from writers.lessons.index import LessonLibrary  # noqa: E402
from writers.notes.facts import (  # noqa: E402
    PRIOR_TILT,
    RETRIEVABLE,
    W_LEXICAL,
    _viewer_key,
    scope_filter,
)
from writers.recall import expand, factindex  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "recall_levers9.md"
CANDIDATES = tuple(
    f"{m}{v}"
    for m in ("minilm-st", "minilm-ort-int8", "minilm-ort-fp32", "mpnet-st")
    for v in ("", "-body")
)


@dataclass
class Case:
    """One question as the harness scores it: the visible facts' arrays (positions `idx` of the
    real shelf), the lexical score, WordLlama's cosine, and what `select_context` chose."""

    corpus: str  # conversation / set name
    category: str
    evidence: set[str]
    texts: list[str]  # visible facts' texts, in idx order
    cites: list[set[str]]
    ids: np.ndarray
    lex: np.ndarray
    wl_cos: np.ndarray
    prior: np.ndarray
    tokens: np.ndarray
    question: str
    real: list[int]  # positions (in idx order) select_context chose, in its order
    pairs: list[tuple[int, int]] = field(default_factory=list)  # (new, superseded) positions


def prior_of(sh: factindex.Shelf, idx: np.ndarray, when: datetime) -> np.ndarray:
    days = np.maximum(0.0, (factindex.epoch(when) - sh.last_use_s[idx]) / 86400)
    out: np.ndarray = sh.confidence[idx] * np.exp(-sh.decay[idx] * days)
    return out


def choose(case: Case, rel: np.ndarray) -> list[int]:
    """The facts' ranking tilted by the prior and the budget filled in rank order, as
    `writers.notes.facts` and `select_context` do."""
    score = rel * (1 + PRIOR_TILT * (np.minimum(case.prior, 1.0) - 0.5))
    return fill_tokens(case.tokens, np.lexsort((-case.ids, -score)).tolist())


# --- the cases ----------------------------------------------------------------------------------


def locomo_cases(emb: WordLlamaEmbedder) -> list[Case]:
    out = []
    for c in checked(LOCOMO_DIR, emb):  # stops unless the numpy base is select_context's
        idx = np.arange(len(c.sh))
        for qi, q in enumerate(c.questions):
            out.append(
                Case(
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
            )
    return out


def slack_cases(corpus: Corpus, emb: WordLlamaEmbedder) -> list[Case]:
    """Every question of a Slack-shaped set, asked as `bench/recall.py` asks it; its scope's real
    shelf and the session's mask read back; the numpy base checked against `select_context`."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(f"sqlite:///{tmp}/levers9.db")
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
            qv = emb.embed([q.text])[0]  # select_context's query vector
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
            assert [f.text for f in vis] == case.texts
            if q.category == "update":
                for n, f in enumerate(vis):
                    if f.cites & q.evidence:
                        for old in f.supersedes:
                            o = by_key.get(old)
                            if o is not None and o in pos:
                                case.pairs.append((n, pos[o]))
            if (choose(case, base_rel(case)) if idx.size else []) != case.real:
                raise SystemExit(f"{corpus.name}: the bench's base differs from select_context")
            out.append(case)
        store.close()
    return out


def base_rel(case: Case) -> np.ndarray:
    out: np.ndarray = W_LEXICAL * mm(case.lex) + (1 - W_LEXICAL) * mm(case.wl_cos)
    return out


# --- the levers ---------------------------------------------------------------------------------

Vectors = dict[str, np.ndarray]  # text -> unit vector
Lever = Callable[[Case, Vectors], np.ndarray]


def cand_cos(case: Case, vecs: Vectors) -> np.ndarray:
    mat = np.stack([vecs[t] for t in case.texts])
    out: np.ndarray = (mat @ vecs[case.question]).astype(np.float64)
    return out


def alone(wl: float) -> Lever:
    def f(case: Case, vecs: Vectors) -> np.ndarray:
        out: np.ndarray = wl * mm(case.lex) + (1 - wl) * mm(cand_cos(case, vecs))
        return out

    return f


def beside(wl: float, a: float) -> Lever:
    def f(case: Case, vecs: Vectors) -> np.ndarray:
        dense = a * mm(case.wl_cos) + (1 - a) * mm(cand_cos(case, vecs))
        out: np.ndarray = wl * mm(case.lex) + (1 - wl) * dense
        return out

    return f


GRID: list[tuple[str, Lever, bool]] = [  # name, lever, counts for the rule
    ("alone, wl 0.6", alone(0.6), True),
    ("alone, wl 0.5", alone(0.5), True),
    ("alone, wl 0.4", alone(0.4), True),
    ("beside WordLlama, wl 0.6, a 0.25", beside(0.6, 0.25), True),
    ("beside WordLlama, wl 0.6, a 0.5", beside(0.6, 0.5), True),
    ("beside WordLlama, wl 0.6, a 0.75", beside(0.6, 0.75), True),
    ("beside WordLlama, wl 0.5, a 0.5", beside(0.5, 0.5), True),
    ("dense alone (wl 0), for reading", alone(0.0), False),
    ("WordLlama's dense alone (wl 0), for reading", lambda c, _v: mm(c.wl_cos), False),
]


@dataclass
class Score:
    per_q: list[float] = field(default_factory=list)
    by: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    pairs_ok: int = 0
    pairs: int = 0
    shown: list[int] = field(default_factory=list)


def score(cases: list[Case], rel: Callable[[Case], np.ndarray]) -> Score:
    s = Score()
    for case in cases:
        chosen = choose(case, rel(case)) if case.ids.size else []  # nothing visible yet
        r = covered([case.cites[j] for j in chosen], case.evidence)
        s.per_q.append(r)
        s.by[case.corpus].append(r)
        s.by[case.category].append(r)
        s.shown.append(len(chosen))
        rank = {j: n for n, j in enumerate(chosen)}
        for new, old in case.pairs:
            s.pairs += 1
            s.pairs_ok += new in rank and (old not in rank or rank[old] > rank[new])
    return s


def row(name: str, s: Score, base: Score, keys: list[str], pairs: bool) -> str:
    d = np.array(s.per_q) - np.array(base.per_q)
    se = float(d.std(ddof=1) / math.sqrt(d.size)) if d.any() else 0.0
    cells = [
        name,
        f"{np.mean(s.per_q):.3f}",
        f"{d.mean():+.3f} ± {se:.3f}",
        f"{int((d > 0).sum())} / {int((d < 0).sum())}",
    ]
    cells += [f"{np.mean(s.by[k]):.3f}" for k in keys]
    if pairs:
        cells.append(f"{s.pairs_ok}/{s.pairs}")
    cells.append(f"{np.mean(s.shown):.1f}")
    return "| " + " | ".join(cells) + " |"


def table(
    title: str, cases: list[Case], results: list[tuple[str, Score]], keys: list[str]
) -> list[str]:
    pairs = any(c.pairs for c in cases)
    head = ["lever", "recall", "Δ ± SE", "gained / lost", *keys]
    head += ["superseded below"] if pairs else []
    head += ["facts shown"]
    lines = [f"### {title} ({len(cases)} questions)", "", "| " + " | ".join(head) + " |"]
    lines.append("|---|" + "---:|" * (len(head) - 1))
    base = results[0][1]
    lines += [row(n, s, base, keys, pairs) for n, s in results]
    return lines


def moved(cases: list[Case], base: Score, s: Score) -> list[str]:
    """The questions a lever gained (+) or lost (−)."""
    out = []
    for case, b, x in zip(cases, base.per_q, s.per_q, strict=True):
        if x != b:
            out.append(
                f"{'+' if x > b else '−'} {case.corpus}: {case.question} ({b:.2f} → {x:.2f})"
            )
    return out


def miss_ranks(cases: list[Case], base: Score, vecs: Vectors) -> list[str]:
    """Where the evidence the product's context lacks (and some fact cites) ranks under each
    cosine alone and the product's fused score: the best rank among the facts citing it."""
    ranks: dict[str, list[int]] = defaultdict(list)
    for case, got in zip(cases, base.per_q, strict=True):
        if got >= 1.0:
            continue
        chosen = choose(case, base_rel(case))
        seen = set().union(*(case.cites[j] for j in chosen)) if chosen else set()
        cols = {
            "WordLlama cosine": case.wl_cos,
            "candidate cosine": cand_cos(case, vecs),
            "product's fused score": base_rel(case),
        }
        for ev in case.evidence - seen:
            holders = [j for j, c in enumerate(case.cites) if ev in c]
            if not holders:
                continue  # cited by no fact: the cap
            for name, col in cols.items():
                order = np.argsort(-col, kind="stable")
                at = np.empty(order.size, dtype=np.int64)
                at[order] = np.arange(order.size)
                ranks[name].append(1 + int(min(at[j] for j in holders)))
    out = []
    for name, r in ranks.items():
        a = np.array(r)
        out.append(
            f"- {name}: {a.size} evidence ids, median rank {int(np.median(a))}, in the top 40 "
            f"{int((a <= 40).sum())}, top 100 {int((a <= 100).sum())}"
        )
    return out


def passes(loc: Score, base: Score, sd: Score, sbase: Score, convs: list[str]) -> bool:
    """The adoption rule (docs/notes/23-recall9.md)."""
    gain = float(np.mean(loc.per_q) - np.mean(base.per_q))
    both = all(np.mean(loc.by[c]) > np.mean(base.by[c]) for c in convs)
    lost = any(x < b for x, b in zip(sd.per_q, sbase.per_q, strict=True))
    return both and gain >= 0.02 - 1e-9 and not lost and sd.pairs_ok >= 12


class Swapped(WordLlamaEmbedder):
    """WordLlama, except that a text the candidate embedded (a fact, a question) gets the
    candidate's vector: the real read path with the candidate as its dense signal (bench only)."""

    def __init__(self, cand: str, vecs: Vectors) -> None:
        super().__init__()
        self._cand, self._vecs = cand, vecs
        self._cdim = len(next(iter(vecs.values())))

    @property
    def name(self) -> str:
        return f"wordllama-swap-{self._cand}"  # the family names the lessons' thresholds

    @property
    def dim(self) -> int:
        return self._cdim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if texts and all(t in self._vecs for t in texts):
            return np.stack([self._vecs[t] for t in texts]).astype(np.float32)
        if any(t in self._vecs for t in texts):
            raise ValueError("a batch mixes the candidate's texts with others")
        return super().embed(texts)


def real_path(cand: str, vectors: Path, corpora: list[Corpus]) -> None:
    """The candidate as the dense signal through the real `select_context`, per corpus."""
    texts = json.loads((vectors / "texts.json").read_text(encoding="utf-8"))
    emb = Swapped(cand, dict(zip(texts, np.load(vectors / f"{cand}.npy"), strict=True)))
    for corpus in corpora:
        run = run_corpus(corpus, emb)
        every = [x for v in run.recall.values() for x in v]
        ok = f", superseded below {sum(run.updates)}/{len(run.updates)}" if run.updates else ""
        print(f"{cand} real path, {corpus.name}: recall {np.mean(every):.3f}{ok}")


def wordllama_cost(emb: WordLlamaEmbedder) -> str:
    """The product's embedder measured as `bench/recall_embed9.py` measures a candidate (RSS:
    this whole process, the project's modules and the corpora included)."""
    from bench.recall_embed9 import cost, rss_mb

    facts = [f.text for p in sorted(LOCOMO_DIR.glob("*.json")) for f in locomo(p).facts]
    got = cost("wordllama", emb.embed, rss_mb(), float("nan"), facts, Path())
    return json.dumps(got)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=Path, help="write every text to embed here, and stop")
    ap.add_argument("--vectors", type=Path, default=Path("/tmp/r9vec"))
    ap.add_argument("--heldout", action="store_true", help="the Slack held-out set too")
    ap.add_argument("--real-path", metavar="CANDIDATE", help="check one candidate end to end")
    ap.add_argument("--wordllama-cost", action="store_true", help="the product's embedder's cost")
    args = ap.parse_args()
    if args.wordllama_cost:
        got = default_embedder()
        assert isinstance(got, WordLlamaEmbedder)
        print(wordllama_cost(got))
        return
    slack_dev = slack(SLACK_DIR / "recall_slack_dev.json")
    slack_ho = slack(SLACK_DIR / "recall_slack_heldout.json")
    if args.real_path:
        convs = [locomo(p) for p in sorted(LOCOMO_DIR.glob("*.json"))]
        real_path(args.real_path, args.vectors, [*convs, slack_dev])
        return
    if args.texts:
        corpora = [locomo(p) for p in sorted(LOCOMO_DIR.glob("*.json"))] + [slack_dev, slack_ho]
        texts = sorted({f.text for c in corpora for f in c.facts})
        texts += sorted({q.text for c in corpora for q in c.questions} - set(texts))
        args.texts.write_text(json.dumps(texts), encoding="utf-8")
        print(f"{len(texts)} texts → {args.texts}")
        return
    emb = default_embedder()
    if not isinstance(emb, WordLlamaEmbedder):
        raise SystemExit("the harness needs WordLlama (the product's lexical side uses its table)")
    texts = json.loads((args.vectors / "texts.json").read_text(encoding="utf-8"))
    loc = locomo_cases(emb)
    sdev = slack_cases(slack_dev, emb)
    sets = [("LoCoMo dev", loc), ("Slack-shaped dev", sdev)]
    if args.heldout:
        sets.append(("Slack-shaped held-out", slack_cases(slack_ho, emb)))
    convs = sorted({c.corpus for c in loc})
    lines = [
        "# A contextual embedder as the dense signal (issue 23, recall9)",
        "",
        f"Generated by `PYTHONPATH=$PWD python bench/recall_levers9.py` "
        f"({datetime.now(UTC):%Y-%m-%d %H:%M} UTC; the steps in its docstring). Δ is the paired "
        "difference from the product (first row) over the questions, ± its standard error; "
        f"budget {BUDGET} tokens; wl the lexical weight, a WordLlama's share of the dense part. "
        "Each base was checked to choose exactly what `select_context` chooses.",
        "",
    ]
    verdicts = []
    for cand in CANDIDATES:
        path = args.vectors / f"{cand}.npy"
        if not path.exists():
            continue
        mat = np.load(path)
        vecs = dict(zip(texts, mat, strict=True))
        cost = args.vectors / f"{cand}.cost.json"
        lines += [f"## {cand}", ""]
        if cost.exists():
            lines += ["Cost: `" + cost.read_text(encoding="utf-8").replace("\n", "") + "`", ""]
        per: dict[str, list[tuple[str, Score]]] = {}
        for title, cases in sets:
            results = [("product (WordLlama)", score(cases, base_rel))]
            results += [(n, score(cases, lambda c, f=f, v=vecs: f(c, v))) for n, f, _r in GRID]  # type: ignore[misc]
            per[title] = results
            cats = sorted({c.category for c in cases})
            keys = (convs if title == "LoCoMo dev" else []) + cats
            lines += table(title, cases, results, keys) + [""]
        for k, (n, _f, counts) in enumerate(GRID, start=1):
            ok = counts and passes(
                per["LoCoMo dev"][k][1],
                per["LoCoMo dev"][0][1],
                per["Slack-shaped dev"][k][1],
                per["Slack-shaped dev"][0][1],
                convs,
            )
            verdicts.append(f"| {cand} | {n} | {'passes' if ok else 'no'} |")
        best = max(range(1, len(GRID)), key=lambda k: np.mean(per["LoCoMo dev"][k][1].per_q))
        lines += [f"Questions moved on LoCoMo dev by the best row ({GRID[best - 1][0]}):", ""]
        lines += [f"- {m}" for m in moved(loc, per["LoCoMo dev"][0][1], per["LoCoMo dev"][best][1])]
        lines += [
            "",
            "Where LoCoMo dev's missed evidence ranks (a fact cites it, the context lacks it):",
            "",
        ]
        lines += miss_ranks(loc, per["LoCoMo dev"][0][1], vecs)
        lines += ["", "Slack-shaped dev, same row:", ""]
        sd = per["Slack-shaped dev"]
        lines += [f"- {m}" for m in moved(sdev, sd[0][1], sd[best][1])] or ["- none"]
        lines.append("")
    lines += ["## The rule", "", "| candidate | row | verdict |", "|---|---|---|", *verdicts]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
