"""A small Okapi BM25 over the texts a query may see, for hybrid retrieval of facts and episodes.

In memory on purpose (see docs/notes/23.md): the candidates are one scope's rows, already read
by the scope query, so a lexical index in the database (FTS5 shadow tables, a tsvector column)
would add a second stored copy of every text for forget, rollback, edits and import to clean, for
no recall gain at the sizes measured. What is cached here, per text hash in a bounded in-process
cache, is not text: each term is kept only as its per-process salted `hash()`, and the entry is
dropped with the fact's vector when it is forgotten, rolled back or edited (`forget`).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOPWORDS = frozenset(
    "a an and are as at be been being but by can could did do does doing for from had has have "
    "having he her hers him his how i if in into is it its me my of on or our ours she so some "
    "than that the their theirs them then there these they this those to too us was we were "
    "what when where which while who whom why will with would you your yours about also any "
    "just not no yes over very".split()
)
_CACHE: dict[str, tuple[int, ...]] = {}
_CACHE_MAX = 200_000
K1, B = 1.2, 0.75


def stem(word: str) -> str:
    """A light suffix stripper: plurals, -ing, -ed, possessives (enough for names and verbs)."""
    if word.endswith("'s"):
        word = word[:-2]
    word = word.replace("'", "")
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed"):
        return word[:-2]
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def terms(text: str) -> tuple[str, ...]:
    """The index terms of `text`: lower-case words without stop words, lightly stemmed."""
    return tuple(stem(w) for w in _WORD.findall(text.lower()) if w not in STOPWORDS)


def hashed(text: str) -> tuple[int, ...]:
    """`terms(text)` as salted hashes (what documents and queries are compared by)."""
    return tuple(hash(t) for t in terms(text))


def cached_terms(key: str, text: str) -> tuple[int, ...]:
    """`hashed(text)`, cached by `key` (a text hash)."""
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        got = _CACHE[key] = hashed(text)
    return got


def forget(keys: Sequence[str]) -> None:
    """Drop forgotten texts' token lists from the cache."""
    for key in keys:
        _CACHE.pop(key, None)


def cache_holds(key: str) -> bool:
    """Whether a text hash still has cached terms (the forget tests look here)."""
    return key in _CACHE


def bm25(docs: Sequence[tuple[int, ...]], query: str) -> list[float]:
    """BM25 score of each document (`hashed` terms) for `query`; 0.0 when no term matches."""
    return _bm25(docs, set(hashed(query)))


def _bm25(docs: Sequence[tuple[int, ...]], q: set[int]) -> list[float]:
    if not q or not docs:
        return [0.0] * len(docs)
    n = len(docs)
    df: Counter[int] = Counter()
    total = 0
    for d in docs:
        total += len(d)
        df.update(q.intersection(d))
    if not df:
        return [0.0] * len(docs)
    avg = total / n or 1.0
    idf = {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}
    out = []
    for d in docs:
        s = 0.0
        hit = q.intersection(d)
        if hit:
            norm = K1 * (1 - B + B * len(d) / avg)
            for t in hit:
                tf = d.count(t)
                s += idf[t] * tf * (K1 + 1) / (tf + norm)
        out.append(s)
    return out


PRF_DOCS, PRF_WEIGHT = 5, 0.2  # pseudo-relevance feedback (measured on the LoCoMo dev set)


def bm25_feedback(docs: Sequence[tuple[int, ...]], query: str) -> list[float]:
    """BM25 plus one round of pseudo-relevance feedback: the terms of the `PRF_DOCS` best
    matches, as a second query weighted `PRF_WEIGHT` (finds the facts a question implies but
    does not name: +0.02 recall on the LoCoMo dev conversations)."""
    first = bm25(docs, query)
    top = [i for i in sorted(range(len(docs)), key=lambda i: -first[i])[:PRF_DOCS] if first[i]]
    if not top:
        return first
    second = _bm25(docs, {t for i in top for t in docs[i]})
    return [a + PRF_WEIGHT * b for a, b in zip(first, second, strict=True)]
