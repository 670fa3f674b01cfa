"""Recall levers of issue 23's fourth round, measured against the real read path; writes
bench/results/recall_levers4.md.

Run: `PYTHONPATH=$PWD python bench/recall_levers4.py` (about a minute). The same harness as
`bench/recall_levers.py` (each LoCoMo dev conversation stored as `bench/recall.py` stores it, the
scope's real index read back, the selection recomputed in numpy and checked to choose exactly
what `select_context` chooses); the levers here are the ones that round had not measured:
question-type handling (enumeration questions, questions about two people), the fact's subject
as a field, session context (the question's words in the fact's session), and a second-stage
rescoring of the top of the ranking by how many of the question's words a fact (and its
session) holds. LoCoMo only: the Slack-shaped sets are measured on the real path by
`bench/recall.py` once a lever is in the product.
"""

from __future__ import annotations

import argparse
import math
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
    fill,
    lever_table,
    mm,
    order,
    parts,
    product_lex,
    run,
    tilt,
)
from writers.embed import WordLlamaEmbedder, default_embedder  # noqa: E402
from writers.notes.facts import W_LEXICAL  # noqa: E402
from writers.recall import expand, lexical  # noqa: E402
from writers.tokens import estimate_tokens  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "recall_levers4.md"
_NAME = re.compile(r"\b([A-Z][a-z]+)(?:'s)?\b")
# "What activities …", "Which books …", "What kind(s) of …", "What are … 's hobbies": the question
# asks for a list (a plural noun right after the question word, or "kinds/types of").
_ENUM = re.compile(
    r"(?i)^\s*(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?(?:[a-z]+\s+)?[a-z]{3,}s\b"
)
_NOT_ENUM = re.compile(r"(?i)^\s*(?:what|which)\s+(?:is|was|does|did|do|has|had|are|were)\b")

Lever = Callable[[Conv, int], list[int]]


def speakers(c: Conv) -> set[str]:
    """The conversation's people: the leading names of its facts."""
    got = c.extra.get("speakers")
    if got is None:
        subj = parts(c)[2]
        counts: dict[str, int] = {}
        for s in subj:
            if s:
                counts[s] = counts.get(s, 0) + 1
        got = c.extra["speakers"] = {s for s, n in counts.items() if n >= 10}
    return got  # type: ignore[return-value]


def named(c: Conv, qi: int) -> set[str]:
    """The conversation's people the question names."""
    return {m for m in _NAME.findall(c.questions[qi].text) if m in speakers(c)}


def is_enum(text: str) -> bool:
    return bool(_ENUM.match(text)) and not _NOT_ENUM.match(text)


def subject_weight(c: Conv, qi: int, w: float) -> np.ndarray:
    """Facts whose subject (leading name) is a person the conversation has but the question does
    not name lose `w` of their score, when the question names one."""
    who = named(c, qi)
    score = base_score(c, qi)
    if not who:
        return score
    subj = parts(c)[2]
    other = np.array([s is not None and s not in who for s in subj])
    out: np.ndarray = score * (1 - w * other)
    return out


def by_subject_turns(c: Conv, qi: int) -> list[int]:
    """Questions naming two or more people: the ranking taken in turns, one fact about each
    person, then the rest (a question about two people wants both people's facts)."""
    ranked = order(c, base_score(c, qi))
    who = sorted(named(c, qi))
    if len(who) < 2:
        return fill(c, ranked)
    subj = parts(c)[2]
    queues = {w: [j for j in ranked if subj[j] == w] for w in who}
    rest = [j for j in ranked if subj[j] not in who]
    merged: list[int] = []
    while any(queues.values()):
        for w in who:
            if queues[w]:
                merged.append(queues[w].pop(0))
    return fill(c, merged + rest)


def _session_of(c: Conv) -> np.ndarray:
    got = c.extra.get("session")
    if got is None:
        dates = parts(c)[0]
        keys = {d: n for n, d in enumerate(dict.fromkeys(dates))}
        got = c.extra["session"] = np.array([keys[d] for d in dates])
    return got  # type: ignore[return-value]


def _session_postings(c: Conv) -> tuple[dict[int, tuple[np.ndarray, np.ndarray]], np.ndarray]:
    """BM25 postings over sessions (each session's facts as one document)."""
    got = c.extra.get("spost")
    if got is None:
        sess = _session_of(c)
        n = int(sess.max()) + 1
        counts: list[dict[int, int]] = [{} for _ in range(n)]
        for j, doc in enumerate(c.sh.terms):
            for t in doc:
                counts[sess[j]][t] = counts[sess[j]].get(t, 0) + 1
        post: dict[int, tuple[list[int], list[int]]] = {}
        for s, cnt in enumerate(counts):
            for t, k in cnt.items():
                p = post.setdefault(t, ([], []))
                p[0].append(s)
                p[1].append(k)
        lens = np.array([sum(cnt.values()) for cnt in counts], dtype=np.float64)
        got = c.extra["spost"] = (
            {t: (np.array(d), np.array(k, dtype=np.float64)) for t, (d, k) in post.items()},
            lens,
        )
    return got  # type: ignore[return-value]


def session_bm25(c: Conv, qi: int) -> np.ndarray:
    """Each fact's session's BM25 for the question's own terms (minus the people's names)."""
    post, lens = _session_postings(c)
    n = lens.size
    norm = lexical.K1 * (1 - lexical.B + lexical.B * lens / lens.mean())
    names = {hash(lexical.stem(s.lower())) for s in speakers(c)}
    out = np.zeros(n)
    for t in set(lexical.hashed(c.questions[qi].text)) - names:
        hit = post.get(t)
        if hit is None:
            continue
        d, tf = hit
        idf = math.log(1 + (n - d.size + 0.5) / (d.size + 0.5))
        out[d] += idf * tf * (lexical.K1 + 1) / (tf + norm[d])
    sess: np.ndarray = out[_session_of(c)]
    return sess


def with_session(c: Conv, qi: int, g: float) -> np.ndarray:
    """The base relevance plus `g` times the min-max scaled session BM25."""
    return base_score(c, qi) + g * mm(session_bm25(c, qi))


def _query_terms(c: Conv, qi: int) -> dict[int, float]:
    """The question's own terms (weight 1) and its expansion terms (their weights), names out."""
    q = c.questions[qi].text
    names = {hash(lexical.stem(s.lower())) for s in speakers(c)}
    terms = {t: 1.0 for t in lexical.hashed(q) if t not in names}
    table = c.extra.get("table")
    if isinstance(table, expand.WordTable):
        for t, v in expand.expansions(c.sh, q, table).items():
            terms.setdefault(t, min(1.0, v))
    return terms


def rescore_top(c: Conv, qi: int, g: float, top: int = 100, ctx: float = 0.0) -> list[int]:
    """Second stage: the best `top` re-ordered by base score + `g` × the share of the question's
    terms the fact holds (its session's other facts counting `ctx` as much); the rest after."""
    score = base_score(c, qi)
    ranked = order(c, score)
    head, tail = ranked[:top], ranked[top:]
    q = _query_terms(c, qi)
    total = sum(q.values())
    if not total:
        return fill(c, ranked)
    sess = _session_of(c)
    sess_terms: dict[int, set[int]] = {}
    if ctx:
        for j, doc in enumerate(c.sh.terms):
            sess_terms.setdefault(int(sess[j]), set()).update(doc)
    new = {}
    for j in head:
        own = set(c.sh.terms[j])
        cover = sum(v for t, v in q.items() if t in own)
        if ctx:
            around = sess_terms[int(sess[j])] - own
            cover += ctx * sum(v for t, v in q.items() if t in around)
        new[j] = float(score[j]) + g * cover / total
    head = sorted(head, key=lambda j: (-new[j], -int(c.sh.ids[j])))
    return fill(c, head + tail)


def enum_spread(c: Conv, qi: int, per: int) -> list[int]:
    """Enumeration questions: at most `per` facts of one session in the first pass, the rest
    after (a list's items are told in different sessions)."""
    ranked = order(c, base_score(c, qi))
    if not is_enum(c.questions[qi].text):
        return fill(c, ranked)
    sess = _session_of(c)
    seen: dict[int, int] = {}
    first, later = [], []
    for j in ranked:
        s = int(sess[j])
        (first if seen.get(s, 0) < per else later).append(j)
        seen[s] = seen.get(s, 0) + 1
    return fill(c, first + later)


def enum_subject(c: Conv, qi: int, w: float) -> list[int]:
    """Enumeration questions only: `subject_weight`."""
    if not is_enum(c.questions[qi].text):
        return fill(c, order(c, base_score(c, qi)))
    return fill(c, order(c, subject_weight(c, qi, w)))


_CAPS = re.compile(r"(?<=\S )[A-Z][A-Za-z]*(?:'s)?")


def _strip_names(text: str, who: set[str] | None) -> str:
    """`text` without the people's names (`who`), or without every capitalised word after the
    first (`who` None)."""
    if who is None:
        return _CAPS.sub("", text)
    return re.sub(r"\b(?:" + "|".join(map(re.escape, sorted(who))) + r")(?:'s)?\b", "", text)


def names_out(c: Conv, qi: int, *, facts: bool, caps: bool = False) -> np.ndarray:
    """The dense side without people's names: the question's vector (and with `facts`, the
    facts' vectors) embedded with the names taken out. Names are matched by BM25 exactly; in a
    mean-pooled vector they are a shift that every fact about that person shares."""
    emb = c.extra["table"]
    assert isinstance(emb, WordLlamaEmbedder)
    who = None if caps else speakers(c)
    key = f"qv-names-{caps}"
    if key not in c.extra:
        c.extra[key] = emb.embed([_strip_names(q.text, who) for q in c.questions])
    qv = c.extra[key][qi]  # type: ignore[index]
    if facts:
        fkey = f"fv-names-{caps}"
        if fkey not in c.extra:
            c.extra[fkey] = emb.embed([_strip_names(t, who) for t in c.texts])
        mat = c.extra[fkey]
    else:
        mat = c.vec
    sem = mm((mat @ qv).astype(np.float64))  # type: ignore[operator]
    lex = mm(product_lex(c, qi))
    return tilt(c, c.questions[qi], W_LEXICAL * lex + (1 - W_LEXICAL) * sem)


def skip_near_duplicates(c: Conv, qi: int, cut: float) -> list[int]:
    """The budget filled in rank order, skipping a fact whose vector is within cosine `cut` of
    one already chosen (the same thing told twice buys nothing)."""
    chosen: list[int] = []
    used = misses = 0
    for j in order(c, base_score(c, qi)):
        cost = int(c.sh.line_tokens[j])
        if used + cost > BUDGET:
            misses += 1
            if misses >= 50:
                break
            continue
        if chosen and float((c.vec[chosen] @ c.vec[j]).max()) >= cut:
            continue
        chosen.append(j)
        used += cost
    return chosen


def no_labels(c: Conv, qi: int) -> list[int]:
    """Lines without the category label (`(preference) `…): the budget counted that way."""
    saved = c.sh.line_tokens.copy()
    cats = c.sh.categories
    for j, cat in enumerate(cats):
        if cat != "general":
            c.sh.line_tokens[j] = estimate_tokens("- " + c.texts[j])
    try:
        return fill(c, order(c, base_score(c, qi)))
    finally:
        c.sh.line_tokens[:] = saved


def expansions_oov(
    c: Conv, qi: int, oov_cos: float, oov_per: int, in_cos: float = expand.MIN_COS
) -> dict[int, float]:
    """`expand.expansions` with its own threshold for a question word the scope never uses
    (its term has no postings: only its neighbours can match it)."""
    table = c.extra["table"]
    assert isinstance(table, WordLlamaEmbedder)
    sh = c.sh
    q = c.questions[qi].text
    words = [w for w in expand._WORD.findall(q.lower()) if w not in lexical.STOPWORDS]
    if not words:
        return {}
    vocab = expand._vocab(table)
    here, vecs = expand._in_shelf(sh, table, vocab)
    own = set(lexical.hashed(q))
    sims = np.einsum("ij,kj->ik", vecs, table.embed(words))
    out: dict[int, float] = {}
    for col, word in enumerate(words):
        oov = hash(lexical.stem(word)) not in sh.postings
        lo, per = (oov_cos, oov_per) if oov else (in_cos, expand.PER_WORD)
        s = sims[:, col]
        hits = np.flatnonzero(s >= lo)
        got: dict[int, float] = {}
        for i in hits[np.argsort(-s[hits], kind="stable")]:
            if len(got) >= per:
                break
            h = int(vocab.hashes[here[i]])
            if h not in own and h not in got:
                got[h] = float(s[i])
        for h, v in got.items():
            out[h] = out.get(h, 0.0) + v
    return out


def oov_score(c: Conv, qi: int, oov_cos: float, oov_per: int, in_cos: float = 0.5) -> np.ndarray:
    lex = c.sh.bm25_feedback(c.questions[qi].text)
    extra = expansions_oov(c, qi, oov_cos, oov_per, in_cos)
    if extra:
        lex = lex + expand.WEIGHT * c.sh.bm25(extra)
    from bench.recall_levers import cos

    rel = W_LEXICAL * mm(lex) + (1 - W_LEXICAL) * mm(cos(c, qi))
    return tilt(c, c.questions[qi], rel)


def levers() -> list[tuple[str, Lever]]:
    def ranked(f: Callable[[Conv, int], np.ndarray]) -> Lever:
        return lambda c, qi: fill(c, order(c, f(c, qi)))

    out: list[tuple[str, Lever]] = [("base (= the real read path)", ranked(base_score))]
    for w in (0.1, 0.2, 0.4):
        out.append(
            (
                f"subject: facts about a person the question does not name ×{1 - w:.1f}",
                ranked(lambda c, qi, w=w: subject_weight(c, qi, w)),
            )
        )
    out.append(("two people named: their facts in turns", by_subject_turns))
    for g in (0.1, 0.2, 0.3):
        out.append(
            (
                f"session context: + {g} × the session's BM25 (names out)",
                ranked(lambda c, qi, g=g: with_session(c, qi, g)),
            )
        )
    for g in (0.1, 0.2, 0.4):
        out.append(
            (
                f"rescore top 100 by the question's terms held, + {g}",
                lambda c, qi, g=g: rescore_top(c, qi, g),
            )
        )
    for g, ctx in ((0.2, 0.3), (0.2, 0.5), (0.4, 0.5)):
        out.append(
            (
                f"rescore top 100 by terms held, session's counting {ctx}, + {g}",
                lambda c, qi, g=g, ctx=ctx: rescore_top(c, qi, g, ctx=ctx),
            )
        )
    for per in (1, 2, 3):
        out.append(
            (
                f"enumeration questions: at most {per} a session first",
                lambda c, qi, per=per: enum_spread(c, qi, per),
            )
        )
    for w in (0.2, 0.4):
        out.append(
            (
                f"enumeration questions: other person's facts ×{1 - w:.1f}",
                lambda c, qi, w=w: enum_subject(c, qi, w),
            )
        )
    out += [
        (
            "dense: names out of the question's vector",
            ranked(lambda c, qi: names_out(c, qi, facts=False)),
        ),
        (
            "dense: names out of the question's and the facts' vectors",
            ranked(lambda c, qi: names_out(c, qi, facts=True)),
        ),
        (
            "dense: capitalised words out of the question's vector",
            ranked(lambda c, qi: names_out(c, qi, facts=False, caps=True)),
        ),
        (
            "dense: capitalised words out of both vectors",
            ranked(lambda c, qi: names_out(c, qi, facts=True, caps=True)),
        ),
    ]
    for cut in (0.9, 0.95):
        out.append(
            (
                f"skip a near-duplicate (cosine ≥ {cut}) of a chosen fact",
                lambda c, qi, cut=cut: skip_near_duplicates(c, qi, cut),
            )
        )
    out.append(("lines without the category label", no_labels))
    out.append(
        (
            "check: OOV expansion at the product's own settings",
            ranked(lambda c, qi: oov_score(c, qi, 0.5, 3)),
        )
    )
    for lo, per in ((0.45, 3), (0.4, 3), (0.4, 5), (0.35, 5), (0.3, 5)):
        out.append(
            (
                f"a question word the scope never uses: neighbours at cosine ≥ {lo}, up to {per}",
                ranked(lambda c, qi, lo=lo, per=per: oov_score(c, qi, lo, per)),
            )
        )
    for per in (5, 8):
        out.append(
            (
                f"a question word the scope never uses: up to {per} neighbours (cosine ≥ 0.5)",
                ranked(lambda c, qi, per=per: oov_score(c, qi, 0.5, per)),
            )
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--locomo-dir", type=Path, default=LOCOMO_DIR)
    args = ap.parse_args()
    emb = default_embedder()
    if not isinstance(emb, WordLlamaEmbedder):
        raise SystemExit("the levers need WordLlama")
    convs = [build(p, emb) for p in sorted(args.locomo_dir.glob("*.json"))]
    for c in convs:
        for qi in range(len(c.questions)):
            if fill(c, order(c, base_score(c, qi))) != c.real[qi]:
                raise SystemExit(f"{c.name} q{qi}: the bench's base differs from select_context")
    n_enum = sum(is_enum(q.text) for c in convs for q in c.questions)
    n_two = sum(len(named(c, qi)) >= 2 for c in convs for qi in range(len(c.questions)))
    results = [(name, run(convs, lever)) for name, lever in levers()]
    base = np.array(results[0][1].per_q)
    cats = ["single-hop", "temporal", "multi-hop", "open-domain"]
    names = [c.name for c in convs]
    lines = [
        "# Recall levers, fourth round (LoCoMo dev, against the real read path)",
        "",
        f"Generated by `python bench/recall_levers4.py` ({datetime.now(UTC):%Y-%m-%d %H:%M} "
        f"UTC); what each lever is: its function's docstring. Δ is the paired difference from "
        f"the base over the {base.size} questions, ± its standard error; budget {BUDGET} "
        f"tokens. Enumeration questions: {n_enum}; naming two people: {n_two}.",
        "",
    ]
    lines += lever_table(results, base, names, cats)
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
