"""Ranking and rendering levers for fact recall, measured in one run; writes
bench/results/recall_levers.md.

Run: `PYTHONPATH=$PWD python bench/recall_levers.py` (about a minute). Each LoCoMo dev
conversation is stored as `bench/recall.py` stores it (every fact in one user's DM scope, in a
SQLite store); the scope's real index is taken (`factindex.shelf`: the BM25 postings, the
vectors, the line costs) and the selection is recomputed here in numpy, so a lever is a few lines
instead of a change to the product. The base configuration is checked to choose exactly the facts
`select_context` chooses, in the same order, for every question (the run stops if not): each lever
is measured against the real read path. Per lever: recall overall, per conversation and by
category; the paired difference from the base with its standard error over the questions (one
question is worth about 0.004); facts shown per question. The base has this round's query
expansion (`writers.recall.expand`); every other lever is on top of it. LoCoMo only: the
Slack-shaped sets sit at their cap, and `bench/recall.py` measures them on the real path.

Some levers need what the product does not keep (the word-piece ids of each fact, for SIF pooling
and token max-sim: reversible to the text, so they could not live in the index as it is); they
are measured here to know whether they would be worth that.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy.orm import Session  # noqa: E402

from bench.recall import BUDGET, LOCOMO_DIR, Fact, Question, _row, covered, locomo  # noqa: E402
from store.db import Store  # noqa: E402
from writers.embed import Embedder, WordLlamaEmbedder, default_embedder, row_dots  # noqa: E402
from writers.lessons.index import LessonLibrary  # noqa: E402
from writers.notes.facts import PRIOR_TILT, RETRIEVABLE, W_LEXICAL, fact_line  # noqa: E402
from writers.recall import expand, factindex, lexical  # noqa: E402
from writers.selector import _TAIL_HEAD, select_context  # noqa: E402
from writers.tokens import estimate_tokens  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "recall_levers.md"
# What the facts get of the budget when no lesson is injected: the tail block's heading counts
# against it (`select_context`).
FACT_BUDGET = BUDGET - _TAIL_HEAD
_DATE = re.compile(r"^\[([^\]]{4,40})\] ")
_SUBJECT = re.compile(r"^([A-Z][a-z]+) (?=[a-z])")
_QWORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_NAME = re.compile(r"\b[A-Z][A-Za-z0-9]*(?:'s)?")


@dataclass
class Conv:
    """One conversation: its facts in index order, the real index, and per-question inputs."""

    name: str
    facts: list[Fact]
    questions: list[Question]
    sh: factindex.Shelf
    vec: np.ndarray  # the index's vectors (mean-pooled WordLlama)
    qvec: np.ndarray  # each question's vector, as select_context embeds it
    real: list[list[int]]  # positions select_context chose, per question
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def texts(self) -> list[str]:
        return [f.text for f in self.facts]


def read_shelf(db: Session, scopes: tuple[factindex.Scope, ...], emb: Embedder) -> factindex.Shelf:
    """The scopes' real shelf (what `select_context` reads), with `emb`'s vectors."""
    return factindex.shelf(
        db,
        scopes,
        statuses=RETRIEVABLE,
        render=fact_line,
        embed=lambda pairs: emb.embed([t for _h, t in pairs]),
        embedder_name=emb.name,
    )


def build(path: Path, emb: WordLlamaEmbedder) -> Conv:
    """Store one conversation, read its index, and record the real selection of each question."""
    corpus = locomo(path)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(f"sqlite:///{tmp}/levers.db")
        by_id: dict[int, Fact] = {}
        with store.sessions.begin() as db:
            lib = LessonLibrary.build(db, emb)
            for n, f in enumerate(corpus.facts):
                row = _row(f, n)
                db.add(row)
                db.flush()
                by_id[row.id] = f
        real_ids: list[list[int]] = []
        for q in corpus.questions:
            with store.sessions.begin() as db:
                sel = select_context(
                    db,
                    lib,
                    user_id=q.user,
                    channel=q.channel,
                    is_dm=True,
                    first_text=q.text,
                    token_budget=BUDGET,
                    now=q.when,
                )
            real_ids.append([i.id for i in sel.tail if i.kind == "fact"])
        with store.sessions() as db:
            sh = read_shelf(
                db, factindex.scopes_of(user_id=q.user, channel=q.channel, is_dm=True), emb
            )
        store.close()
    pos = {int(i): n for n, i in enumerate(sh.ids)}
    facts = [by_id[int(i)] for i in sh.ids]
    qvec = emb.embed([q.text for q in corpus.questions])
    real = [[pos[i] for i in ids] for ids in real_ids]
    conv = Conv(corpus.name, facts, corpus.questions, sh, sh.vectors[emb.name], qvec, real)
    conv.extra["table"] = emb
    return conv


# --- the base selection, as writers.notes.facts does it -----------------------------------------


def mm(x: np.ndarray) -> np.ndarray:
    lo, hi = float(x.min()), float(x.max())
    return (x - lo) / (hi - lo) if hi > lo else np.zeros_like(x)


def prior(c: Conv, q: Question) -> np.ndarray:
    days = np.maximum(0.0, (factindex.epoch(q.when) - c.sh.last_use_s) / 86400)
    out: np.ndarray = c.sh.confidence * np.exp(-c.sh.decay * days)
    return out


def tilt(c: Conv, q: Question, rel: np.ndarray) -> np.ndarray:
    return rel * (1 + PRIOR_TILT * (np.minimum(prior(c, q), 1.0) - 0.5))


def cos(c: Conv, qi: int) -> np.ndarray:
    out: np.ndarray = row_dots(c.vec, c.qvec[qi]).astype(np.float64)
    return out


def product_lex(c: Conv, qi: int, *, expanded: bool = True) -> np.ndarray:
    """BM25 with its feedback round and the query expansion, as `facts._ranked` takes it."""
    lex = c.sh.bm25_feedback(c.questions[qi].text)
    return plus_expansion(c, qi, lex) if expanded else lex


def plus_expansion(c: Conv, qi: int, lex: np.ndarray) -> np.ndarray:
    """`lex` plus what the word table adds (`writers.recall.expand.extra_lexical`: the query
    expansion's terms and the soft match)."""
    table = c.extra.get("table")
    if isinstance(table, expand.WordTable):
        extra = expand.extra_lexical(c.sh, c.questions[qi].text, table)
        if extra is not None:
            out: np.ndarray = lex + extra
            return out
    return lex


def base_score(c: Conv, qi: int, *, wl: float = W_LEXICAL, expanded: bool = True) -> np.ndarray:
    q = c.questions[qi]
    rel = wl * mm(product_lex(c, qi, expanded=expanded)) + (1 - wl) * mm(cos(c, qi))
    return tilt(c, q, rel)


def order(c: Conv, score: np.ndarray) -> list[int]:
    out: list[int] = np.lexsort((-c.sh.ids, -score)).tolist()
    return out


def fill(c: Conv, ranked: list[int], budget: int = FACT_BUDGET) -> list[int]:
    """The budget filled in rank order, a line's cost its own (as `retrieve_facts`)."""
    return fill_tokens(c.sh.line_tokens, ranked, budget)


def fill_tokens(tokens: np.ndarray, ranked: list[int], budget: int = FACT_BUDGET) -> list[int]:
    """`fill` over the lines' costs `tokens` (position → tokens)."""
    chosen: list[int] = []
    used = misses = 0
    for j in ranked:
        cost = int(tokens[j])
        if used + cost > budget:
            misses += 1
            if misses >= 50:
                break
            continue
        chosen.append(j)
        used += cost
    return chosen


def parts(c: Conv) -> tuple[list[str], list[str], list[str | None], list[str]]:
    """Each fact's date, its line without the date, its leading subject and the rest."""
    got = c.extra.get("parts")
    if got is None:
        dates, bodies, subjects, rests = [], [], [], []
        for f, cat in zip(c.facts, c.sh.categories, strict=True):
            m = _DATE.match(f.text)
            assert m is not None
            body = f.text[m.end() :]
            dates.append(m.group(1))
            bodies.append(body if cat == "general" else f"({cat}) {body}")
            s = _SUBJECT.match(body) if cat == "general" else None
            subjects.append(s.group(1) if s else None)
            rests.append(body[s.end() :] if s else body)
        got = c.extra["parts"] = (dates, bodies, subjects, rests)
    return got  # type: ignore[return-value]


def fill_grouped(c: Conv, ranked: list[int], *, subjects: bool = False) -> list[int]:
    """The budget filled in rank order with shared date headers: a fact pays for its session's
    `[date]` line only if no chosen fact has paid for it; with `subjects`, facts of one date
    that start with the same name share one `- Name: a; b` line."""
    dates, bodies, subj, rests = parts(c)
    chosen: list[int] = []
    used = misses = 0
    seen: set[str] = set()
    groups: set[tuple[str, str]] = set()
    for j in ranked:
        d, s = dates[j], subj[j]
        cost = 0 if d in seen else estimate_tokens(f"[{d}]")
        if subjects and s is not None:
            line = f"; {rests[j]}" if (d, s) in groups else f"- {s}: {rests[j]}"
        else:
            line = f"- {bodies[j]}"
        cost += estimate_tokens(line)
        if used + cost > FACT_BUDGET:
            misses += 1
            if misses >= 50:
                break
            continue
        chosen.append(j)
        used += cost
        seen.add(d)
        if s is not None:
            groups.add((d, s))
    return chosen


# --- what some levers need ----------------------------------------------------------------------


def word_pieces(c: Conv, emb: WordLlamaEmbedder) -> None:
    """Each fact's and question's WordLlama piece ids (and the pieces), for SIF and max-sim."""
    tok = emb._tokenizer  # the bench reaches in: the product keeps no piece ids

    def ids(texts: list[str]) -> list[tuple[np.ndarray, list[str]]]:
        enc = tok.encode_batch(texts, add_special_tokens=False)
        return [
            (
                np.array([i for i, m in zip(e.ids, e.attention_mask, strict=True) if m]),
                [t for t, m in zip(e.tokens, e.attention_mask, strict=True) if m],
            )
            for e in enc
        ]

    c.extra["fpieces"] = ids(c.texts)
    c.extra["qpieces"] = ids([q.text for q in c.questions])


def unit(m: np.ndarray) -> np.ndarray:
    m = m.astype(np.float32)
    if m.ndim == 1:
        return m / max(float(np.linalg.norm(m)), 1e-9)
    out: np.ndarray = m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9)
    return out


def sif_vectors(convs: list[Conv], emb: WordLlamaEmbedder, a: float = 1e-2) -> None:
    """SIF pooling (Arora et al. 2017): each piece weighted a / (a + p(piece)), p from the
    conversations' own facts (no reference corpus ships offline)."""
    counts: Counter[int] = Counter()
    for c in convs:
        for ids, _p in c.extra["fpieces"]:  # type: ignore[attr-defined]
            counts.update(ids.tolist())
    total = sum(counts.values())
    table = emb._table

    def pool(ids: np.ndarray) -> np.ndarray:
        w = np.array([a / (a + counts.get(int(i), 0) / total) for i in ids], dtype=np.float32)
        return unit((table[ids].astype(np.float32) * w[:, None]).sum(0))

    for c in convs:
        c.extra["sif"] = np.stack([pool(i) for i, _p in c.extra["fpieces"]])  # type: ignore[attr-defined]
        c.extra["qsif"] = np.stack([pool(i) for i, _p in c.extra["qpieces"]])  # type: ignore[attr-defined]


def maxsim(convs: list[Conv], emb: WordLlamaEmbedder) -> None:
    """Token max-sim (late interaction with static piece vectors): for each content piece of
    the question its best cosine among the fact's content pieces, IDF-weighted mean."""
    table = emb._table
    df: Counter[int] = Counter()
    n = 0
    for c in convs:
        for ids, _p in c.extra["fpieces"]:  # type: ignore[attr-defined]
            df.update(set(ids.tolist()))
            n += 1

    def content(ids: np.ndarray, pieces: list[str]) -> np.ndarray:
        keep = [
            i
            for i, p in zip(ids, pieces, strict=True)
            if (w := p.replace("\u2581", "").lower()).isalnum()
            and len(w) >= 2
            and w not in lexical.STOPWORDS
        ]
        return np.array(keep, dtype=np.int64)

    for c in convs:
        fk = [
            unit(table[k]) if (k := content(*fp)).size else np.zeros((1, table.shape[1]))
            for fp in c.extra["fpieces"]  # type: ignore[attr-defined]
        ]
        out = []
        for qp in c.extra["qpieces"]:  # type: ignore[attr-defined]
            qk = content(*qp)
            if not qk.size:
                out.append(np.zeros(len(fk)))
                continue
            qm = unit(table[qk])
            idf = np.array([math.log(1 + n / (1 + df.get(int(i), 0))) for i in qk])
            out.append(np.array([float(((f @ qm.T).max(0) * idf).sum() / idf.sum()) for f in fk]))
        c.extra["maxsim"] = out


def idf_query(c: Conv, qi: int, emb: WordLlamaEmbedder) -> np.ndarray:
    """The question as the IDF-weighted mean of its content words' vectors (IDF from the
    index's own postings), instead of the mean of all its pieces."""
    n = len(c.sh)
    words = [w for w in _QWORD.findall(c.questions[qi].text.lower()) if w not in lexical.STOPWORDS]
    if not words:
        return c.qvec[qi]
    vecs = emb.embed(words)
    w = []
    for word in words:
        hit = c.sh.postings.get(hash(lexical.stem(word)))
        d = 0 if hit is None else len(hit[0])
        w.append(math.log(1 + (n - d + 0.5) / (d + 0.5)))
    return unit((np.array(w)[:, None] * vecs).sum(0))


# --- levers ---------------------------------------------------------------------------------------

Lever = Callable[[Conv, int], list[int]]


def lex_with(c: Conv, qi: int, prf: str = "lex", w: float = lexical.PRF_WEIGHT) -> np.ndarray:
    """BM25 with one round of feedback from the top documents of BM25 (`lex`, the product's)
    or of the fused ranking (`fused`)."""
    q = c.questions[qi]
    if prf == "lex":
        return product_lex(c, qi)
    first = c.sh.bm25(set(lexical.hashed(q.text)))
    fused = W_LEXICAL * mm(first) + (1 - W_LEXICAL) * mm(cos(c, qi))
    top = order(c, fused)[: lexical.PRF_DOCS]
    out = first + w * c.sh.bm25({t for i in top for t in c.sh.terms[i]})
    return plus_expansion(c, qi, out)


def rm3(c: Conv, qi: int, docs: int = 10, terms: int = 20, w: float = 0.2) -> np.ndarray:
    """RM3-style feedback: the `terms` best expansion terms of the `docs` best BM25 matches,
    weighted by their share of those documents (score-weighted) times IDF."""
    sh, n = c.sh, len(c.sh)
    qt = set(lexical.hashed(c.questions[qi].text))
    first = sh.bm25(qt)
    top = [i for i in order(c, first)[:docs] if first[i] > 0]
    if not top:
        return plus_expansion(c, qi, first)
    weight: dict[int, float] = defaultdict(float)
    share = first[top] / first[top].sum()
    for s, i in zip(share, top, strict=True):
        for t in sh.terms[i]:
            if t not in qt:
                d = len(sh.postings[t][0])
                weight[t] += s / len(sh.terms[i]) * math.log(1 + (n - d + 0.5) / (d + 0.5))
    best = sorted(weight.items(), key=lambda kv: -kv[1])[:terms]
    total = sum(v for _t, v in best)
    out = first.copy()
    for t, v in best:
        d_, tf = sh.postings[t]
        idf = math.log(1 + (n - len(d_) + 0.5) / (len(d_) + 0.5))
        out[d_] += w * (v / total) * len(best) * idf * tf * (lexical.K1 + 1) / (tf + sh.norm[d_])
    return plus_expansion(c, qi, out)


def fused(
    c: Conv,
    qi: int,
    *,
    lex: np.ndarray | None = None,
    sem: np.ndarray | None = None,
    wl: float = 0.6,
) -> np.ndarray:
    q = c.questions[qi]
    lx = product_lex(c, qi) if lex is None else lex
    sm = mm(cos(c, qi)) if sem is None else sem
    return tilt(c, q, wl * mm(lx) + (1 - wl) * sm)


def name_focus(c: Conv, qi: int, weight: float = 0.2) -> np.ndarray:
    """Facts naming none of the question's capitalised names lose `weight` of their score."""
    names = {hash(t[0]) for m in _NAME.finditer(c.questions[qi].text) if (t := lexical.terms(m[0]))}
    has = np.zeros(len(c.sh))
    for h in names:
        if h in c.sh.postings:
            has[c.sh.postings[h][0]] = 1
    score = base_score(c, qi)
    return score if not has.any() else score * (1 - weight * (1 - has))


def word_expansion(c: Conv, qi: int, emb: WordLlamaEmbedder) -> np.ndarray:
    """The expansion with the scope's own words as candidates (each embedded as a word), not
    the table's whole-word pieces: rarer words that the tokenizer splits can be found too. It
    would need each scope's vocabulary kept as vectors (about 1 KB a word)."""
    if "words" not in c.extra:
        words = sorted(
            {
                w
                for t in c.texts
                for w in _QWORD.findall(t.lower())
                if w.isalpha() and len(w) >= 3 and w not in lexical.STOPWORDS
            }
        )
        c.extra["words"] = (emb.embed(words), [hash(lexical.stem(w)) for w in words])
    vecs, hashes = c.extra["words"]  # type: ignore[misc]
    q = c.questions[qi].text
    own = set(lexical.hashed(q))
    qwords = [
        w for w in re.findall(r"[a-z]{3,}(?:'[a-z]+)?", q.lower()) if w not in lexical.STOPWORDS
    ]
    lex = c.sh.bm25_feedback(q)
    if not qwords:
        return lex
    sims = vecs @ emb.embed(qwords).T
    extra: dict[int, float] = {}
    for col in range(len(qwords)):
        s = sims[:, col]
        got: dict[int, float] = {}
        for i in np.flatnonzero(s >= expand.MIN_COS)[np.argsort(-s[s >= expand.MIN_COS])]:
            if len(got) >= expand.PER_WORD:
                break
            if hashes[i] not in own and hashes[i] not in got:
                got[hashes[i]] = float(s[i])
        for h, v in got.items():
            extra[h] = extra.get(h, 0.0) + v
    return lex + expand.WEIGHT * c.sh.bm25(extra) if extra else lex


def centred(c: Conv, qi: int, pcs: int) -> np.ndarray:
    """Cosines after removing the scope's common component (its mean, or its top principal
    directions: Mu and Viswanath's "all-but-the-top")."""
    key = f"pc{pcs}"
    if key not in c.extra:
        mu = c.vec.mean(0) if pcs == 0 else np.zeros(c.vec.shape[1], dtype=np.float32)
        u = np.linalg.svd(c.vec - mu, full_matrices=False)[2][:pcs] if pcs else None
        c.extra[key] = (mu, u)
    mu, u = c.extra[key]  # type: ignore[misc]
    v, q = c.vec - mu, c.qvec[qi] - mu
    if u is not None:
        v, q = v - (v @ u.T) @ u, q - (q @ u.T) @ u
    out: np.ndarray = (unit(v) @ unit(q)).astype(np.float64)
    return out


def neighbours(c: Conv, score: np.ndarray, beta: float) -> np.ndarray:
    """Each fact lifted by `beta` times the best other score of its session."""
    dates = parts(c)[0]
    out = score.copy()
    for d in set(dates):
        m = np.array([j for j, x in enumerate(dates) if x == d])
        if m.size < 2:
            continue
        v = score[m]
        top = np.argsort(-v)
        other = np.where(np.arange(m.size) == top[0], v[top[1]], v[top[0]])
        out[m] = v + beta * other
    return out


def levers(emb: WordLlamaEmbedder) -> list[tuple[str, Lever]]:
    def ranked(f: Callable[[Conv, int], np.ndarray], grouped: bool = False) -> Lever:
        return lambda c, qi: (fill_grouped if grouped else fill)(c, order(c, f(c, qi)))

    def sif(c: Conv, qi: int) -> np.ndarray:
        m = c.extra["sif"]
        return row_dots(m, c.extra["qsif"][qi]).astype(np.float64)  # type: ignore[index, arg-type]

    def ms(c: Conv, qi: int) -> np.ndarray:
        return c.extra["maxsim"][qi]  # type: ignore[index, no-any-return]

    def ens(c: Conv, qi: int) -> np.ndarray:
        return fused(c, qi, sem=(mm(cos(c, qi)) + mm(sif(c, qi))) / 2, wl=0.5)

    out: list[tuple[str, Lever]] = [
        ("base (= the real read path, with query expansion)", ranked(base_score)),
        (
            "without query expansion (main before this round)",
            ranked(lambda c, qi: base_score(c, qi, expanded=False)),
        ),
    ]
    out.append(
        (
            "expansion candidates: the scope's own words, not the table's pieces",
            ranked(lambda c, qi: fused(c, qi, lex=word_expansion(c, qi, emb))),
        )
    )
    for b in (1200, 1400, 1600, 2000, 2500):
        out.append(
            (f"budget {b:,} (what packing more facts could buy)", _budget(b, ranked(base_score)))
        )
    out += [
        ("shared date headers", ranked(base_score, grouped=True)),
        (
            "shared date headers + one line per subject and date",
            lambda c, qi: fill_grouped(c, order(c, base_score(c, qi)), subjects=True),
        ),
        (
            "score per token^0.5 (favour short facts)",
            lambda c, qi: fill(c, order(c, base_score(c, qi) / np.sqrt(c.sh.line_tokens))),
        ),
        ("names in the question weigh more (x0.8 without)", ranked(name_focus)),
        (
            "BM25 feedback from the fused top 5, weight 0.3",
            ranked(lambda c, qi: fused(c, qi, lex=lex_with(c, qi, "fused", 0.3))),
        ),
        (
            "RM3 feedback (10 docs, 20 terms, 0.2) instead",
            ranked(lambda c, qi: fused(c, qi, lex=rm3(c, qi))),
        ),
        ("semantic: SIF pooling (a 0.01)", ranked(lambda c, qi: fused(c, qi, sem=mm(sif(c, qi))))),
        ("semantic: mean-pool and SIF averaged, lexical 0.5", ranked(ens)),
        (
            "semantic: mean-centred cosines",
            ranked(lambda c, qi: fused(c, qi, sem=mm(centred(c, qi, 0)))),
        ),
        (
            "semantic: top principal direction removed",
            ranked(lambda c, qi: fused(c, qi, sem=mm(centred(c, qi, 1)))),
        ),
        (
            "semantic: question as IDF-weighted word vectors",
            ranked(
                lambda c, qi: fused(
                    c, qi, sem=mm(row_dots(c.vec, idf_query(c, qi, emb)).astype(np.float64))
                )
            ),
        ),
        (
            "token max-sim as a third signal (0.2)",
            ranked(
                lambda c, qi: tilt(
                    c,
                    c.questions[qi],
                    0.8 * (0.6 * mm(product_lex(c, qi)) + 0.4 * mm(cos(c, qi)))
                    + 0.2 * mm(ms(c, qi)),
                )
            ),
        ),
        (
            "same-session neighbours (0.2)",
            ranked(lambda c, qi: neighbours(c, base_score(c, qi), 0.2)),
        ),
        (
            "same-session neighbours (0.2) + shared date headers",
            ranked(lambda c, qi: neighbours(c, base_score(c, qi), 0.2), grouped=True),
        ),
        ("mean-pool+SIF (lexical 0.5) + shared date headers", ranked(ens, grouped=True)),
    ]
    return out


def _budget(b: int, _base: Lever) -> Lever:
    return lambda c, qi: fill(c, order(c, base_score(c, qi)), b)


# --- running ------------------------------------------------------------------------------------


@dataclass
class Result:
    per_q: list[float]
    by_cat: dict[str, list[float]]
    by_conv: dict[str, list[float]]
    shown: list[int]


def run(convs: list[Conv], lever: Lever) -> Result:
    res = Result([], defaultdict(list), defaultdict(list), [])
    for c in convs:
        for qi, q in enumerate(c.questions):
            chosen = lever(c, qi)
            r = covered([c.facts[j].cites for j in chosen], q.evidence)
            res.per_q.append(r)
            res.by_cat[q.category].append(r)
            res.by_conv[c.name].append(r)
            res.shown.append(len(chosen))
    return res


def checked(locomo_dir: Path, emb: WordLlamaEmbedder) -> list[Conv]:
    """Every conversation built, its base selection checked to be `select_context`'s for every
    question (the run stops if not)."""
    convs = [build(p, emb) for p in sorted(locomo_dir.glob("*.json"))]
    for c in convs:
        for qi in range(len(c.questions)):
            if fill(c, order(c, base_score(c, qi))) != c.real[qi]:
                raise SystemExit(f"{c.name} q{qi}: the bench's base differs from select_context")
    return convs


def p50_p95(seconds: list[float]) -> tuple[float, float]:
    """The median and 95th percentile of `seconds`, in ms."""
    xs = sorted(seconds)
    return 1000 * xs[int(0.5 * (len(xs) - 1))], 1000 * xs[int(0.95 * (len(xs) - 1))]


def expansion_cost(emb: WordLlamaEmbedder, n: int = 200) -> str:
    """The expansion's time per question when a scope's facts use every whole-word piece of the
    table (its worst case: all ~13,000 are candidates), for LoCoMo's questions."""
    import time

    vocab = expand._vocab(emb)
    sh = factindex._empty(())
    sh.postings = {int(h): (np.zeros(1, dtype=np.int64), np.ones(1)) for h in vocab.hashes}
    qs = [q.text for p in sorted(LOCOMO_DIR.glob("*.json")) for q in locomo(p).questions][:n]
    expand.expansions(sh, qs[0], emb)  # the vocabulary and the shelf's candidates, once
    times = []
    for q in qs:
        t = time.perf_counter()
        expand.expansions(sh, q, emb)
        times.append(time.perf_counter() - t)
    p50, p95 = p50_p95(times)
    return (
        f"Query expansion, worst case (every one of {vocab.ids.size:,} word pieces in the "
        f"scope), {len(times)} questions: p50 {p50:.1f} ms, p95 {p95:.1f} ms "
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)."
    )


def lever_table(
    results: list[tuple[str, Result]], base: np.ndarray, names: list[str], cats: list[str]
) -> list[str]:
    """The lever table's lines: recall, Δ ± SE and questions gained / lost
    against `base` (the first lever's per-question recall), by conversation and category."""
    lines = [
        "| lever | recall | Δ ± SE | gained / lost | "
        + " | ".join(names)
        + " | "
        + " | ".join(cats)
        + " | facts shown |",
        "|---|---:|---:|---:|" + "---:|" * (len(names) + len(cats)) + "---:|",
    ]
    for name, r in results:
        d = np.array(r.per_q) - base
        se = float(d.std(ddof=1) / math.sqrt(d.size)) if d.any() else 0.0
        lines.append(
            f"| {name} | {np.mean(r.per_q):.3f} | {d.mean():+.3f} ± {se:.3f} | "
            f"{int((d > 0).sum())} / {int((d < 0).sum())} | "
            + " | ".join(f"{np.mean(r.by_conv[n]):.3f}" for n in names)
            + " | "
            + " | ".join(f"{np.mean(r.by_cat[k]):.3f}" for k in cats)
            + f" | {np.mean(r.shown):.1f} |"
        )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--locomo-dir", type=Path, default=LOCOMO_DIR)
    ap.add_argument("--cost", action="store_true", help="only the expansion's worst-case cost")
    args = ap.parse_args()
    emb = default_embedder()
    if not isinstance(emb, WordLlamaEmbedder):
        raise SystemExit("the levers need WordLlama (its piece table)")
    if args.cost:
        print(expansion_cost(emb))
        return
    convs = checked(args.locomo_dir, emb)
    for c in convs:
        word_pieces(c, emb)
    sif_vectors(convs, emb)
    maxsim(convs, emb)
    results = [(name, run(convs, lever)) for name, lever in levers(emb)]
    base = np.array(results[0][1].per_q)
    cats = ["single-hop", "temporal", "multi-hop", "open-domain"]
    names = [c.name for c in convs]
    lines = [
        "# Recall levers on LoCoMo dev, measured against the real read path",
        "",
        f"Generated by `python bench/recall_levers.py` ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC); "
        "what each lever is: its docstring. Δ is the paired difference from the base over the "
        f"{base.size} questions, ± its standard error; budget {BUDGET} tokens unless named.",
        "",
    ]
    lines += lever_table(results, base, names, cats)
    lines += ["", expansion_cost(emb)]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
