"""Query expansion from the embedder's own word table: the question's words bring their nearest
neighbours that the scope's facts use ("kids" → children, "bought" → purchased, "religious" →
faith, church) as extra BM25 terms.

WordLlama is a table of word-piece vectors; its nearest whole-word pieces to a question word are
mostly its synonyms, inflections and close relations. For each content word of the question,
the `PER_WORD` pieces closest to it (cosine ≥ `MIN_COS`) among the terms the scope's facts
contain — other than the question's own terms — are added to the BM25 query, each weighted by
its cosine (`WEIGHT` overall), after the pseudo-relevance feedback round. A fact that says
"children" is then found by a question about "kids" even where its whole-sentence embedding is
dominated by other words. Measured on LoCoMo dev: +0.008 (five questions gain, none loses;
`bench/recall_levers.py`), flat over `PER_WORD` 2–8 and `WEIGHT` 0.7–1.5.

What is kept: per embedder, the table's whole-word pieces as ids and the salted hashes of their
terms (from the model, not from any fact); per shelf, which of those pieces its postings hold
and their unit vectors (`Shelf.derived`, counted in its size and dropped with it on forget,
rollback and edits, like its postings): a few hundred KB for a scope of a few hundred facts,
13 MB at most (a scope whose facts use every whole-word piece). For the soft match (below), a
shelf that keeps its texts also keeps its own words' term hashes and vectors there, about 1 KB
a word.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, cast, runtime_checkable

import numpy as np
import numpy.typing as npt

from writers.embed import Matrix
from writers.recall import factindex, lexical
from writers.recall.factindex import Shelf

# 0.5, not 0.4: at 0.4 LoCoMo dev gained +0.008 against +0.005, but "paying" brought "costs" and
# lifted a superseded contract above its renewal (Slack dev, 12 → 11 of 18 pairs in order).
MIN_COS = 0.5  # a neighbour this close to a question word, or closer …
PER_WORD = 3  # … at most this many per word …
WEIGHT = 1.0  # … each weighted by its cosine, times this, in the lexical score
# … and held by at most this many of the scope's facts: a bound on the cost, not a ranking
# choice (a term's postings are what its BM25 costs; on the scale bench's 100k-fact scope, whose
# words are each in thousands of facts, the expansion added 6-8 ms a question without it). No
# effect in a scope of fewer facts.
MAX_POSTINGS = 2_000

# The question's words that can have neighbours among the table's whole-word pieces (numbers
# and one- or two-letter words have none worth adding).
_WORD = re.compile(r"[a-z]{3,}(?:'[a-z]+)?")


@runtime_checkable
class WordTable(Protocol):
    """An embedder whose vectors are averages of a word-piece table (`WordLlamaEmbedder`)."""

    @property
    def name(self) -> str:
        """Stable identifier."""
        ...

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Unit vectors of `texts`."""
        ...

    def word_pieces(self) -> tuple[npt.NDArray[np.int64], list[str]]:
        """The table's whole-word pieces: (ids, lower-case words)."""
        ...

    def piece_vectors(self, ids: npt.NDArray[np.int64]) -> Matrix:
        """Unit rows of the table for `ids`."""
        ...


# Whether an embedder's type is a `WordTable`, by type: `isinstance` against a runtime-checkable
# protocol walks the protocol's members on every call (a quarter of ranking a small shelf).
_TABLE_TYPES: dict[type, bool] = {}


def word_table(embedder: object) -> WordTable | None:
    """`embedder` if it is a `WordTable`, else None (the answer kept per type)."""
    kind = type(embedder)
    got = _TABLE_TYPES.get(kind)
    if got is None:
        got = _TABLE_TYPES[kind] = isinstance(embedder, WordTable)
    return cast(WordTable, embedder) if got else None


@dataclass(frozen=True)
class _Vocab:
    ids: npt.NDArray[np.int64]  # piece ids that stem to an index term
    hashes: npt.NDArray[np.int64]  # that term's salted hash (as the postings key it)


_VOCABS: dict[str, _Vocab] = {}
_LOCK = threading.Lock()


def _vocab(table: WordTable) -> _Vocab:
    with _LOCK:
        got = _VOCABS.get(table.name)
    if got is not None:
        return got
    ids, words = table.word_pieces()
    keep, hashes = [], []
    for n, word in enumerate(words):  # lower-case letters: its term is its stem
        if word not in lexical.STOPWORDS:
            keep.append(n)
            hashes.append(hash(lexical.stem(word)))
    got = _Vocab(ids[np.array(keep, dtype=np.int64)], np.array(hashes, dtype=np.int64))
    with _LOCK:
        _VOCABS[table.name] = got
    return got


def _in_shelf(sh: Shelf, table: WordTable, vocab: _Vocab) -> tuple[npt.NDArray[np.intp], Matrix]:
    """Positions in `vocab` of the pieces whose term the shelf's facts contain, and their unit
    vectors (worked out once per shelf: widening and normalising the rows on every question
    cost more than the cosines)."""
    key = f"expand:{table.name}"
    where, vecs = sh.derived.get(key), sh.derived.get(key + ":vectors")
    if where is None or vecs is None:
        keys = np.fromiter(sh.postings.keys(), dtype=np.int64, count=len(sh.postings))
        where = np.flatnonzero(np.isin(vocab.hashes, keys))
        vecs = table.piece_vectors(vocab.ids[where])
        sh.derived[key], sh.derived[key + ":vectors"] = where, vecs
    return where, vecs


def _question_words(query: str) -> list[str]:
    return [w for w in _WORD.findall(query.lower()) if w not in lexical.STOPWORDS]


def expansions(
    sh: Shelf,
    query: str,
    table: WordTable,
    *,
    max_postings: int = MAX_POSTINGS,
    word_vectors: Matrix | None = None,
) -> dict[int, float]:
    """The extra BM25 terms for `query` in this shelf: term hash → weight (the sum of its
    cosines to the question words it neighbours). Empty when nothing is close enough; a term
    held by more than `max_postings` facts is left out. `word_vectors` are the question words'
    (`table.embed(_question_words(query))`) if the caller has them."""
    words = _question_words(query)
    if not words or not sh.postings:
        return {}
    vocab = _vocab(table)
    here, vecs = _in_shelf(sh, table, vocab)
    if not here.size:
        return {}
    own = set(lexical.hashed(query))
    # Cosines of every candidate piece to every question word, without BLAS (see row_dots).
    qv = table.embed(words) if word_vectors is None else word_vectors
    sims = np.einsum("ij,kj->ik", vecs, qv)
    out: dict[int, float] = {}
    for col in range(len(words)):
        s = sims[:, col]
        hits = np.flatnonzero(s >= MIN_COS)
        got: dict[int, float] = {}
        for i in hits[np.argsort(-s[hits], kind="stable")]:
            if len(got) >= PER_WORD:
                break
            h = int(vocab.hashes[here[i]])
            if h not in own and h not in got and len(sh.postings[h][0]) <= max_postings:
                got[h] = float(s[i])
        for h, v in got.items():
            out[h] = out.get(h, 0.0) + v
    return out


# Soft lexical match (issue 23, recall8): the scope's own words, each embedded alone, stand in
# for the table's whole-word pieces, so a word the tokenizer splits ("adoption", "bicycle") can
# be matched too, and every close word counts, not only the 3 closest. Per question word, a fact
# counts its best neighbour (cosine ≥ SOFT_MIN_COS, not one of the question's own terms) as that
# term's BM25 weight times the cosine; the words' scores add up, and SOFT_WEIGHT × the sum joins
# the lexical score on top of the expansion. LoCoMo dev +2 questions, none lost, both
# conversations up (`bench/recall_levers8.py`, `bench/recall_paired.py`; flat over cosines
# 0.3-0.5 and weights 0.25-1.0). SOFT_MIN_COS is the expansion's threshold, not tuned again.
SOFT_MIN_COS = MIN_COS
SOFT_WEIGHT = 0.5


def _scope_words(sh: Shelf, table: WordTable) -> tuple[npt.NDArray[np.int64], Matrix]:
    """The term hashes and unit vectors of the shelf's own words (each embedded alone), worked
    out once per shelf from its texts and dropped with it; none for a shelf that keeps no texts
    (more than `factindex.TEXTS_MAX` facts: there the expansion alone stands). Words the shelf
    it replaced had embedded are taken over (`_carry_words`), so a rebuild after a write embeds
    only the words new to the scope."""
    key = soft_key(table)
    hashes, vecs = sh.derived.get(key), sh.derived.get(key + ":vectors")
    if hashes is not None and vecs is not None:
        return hashes, vecs
    now = sh.derived.pop(key + ":now", None)
    words = _words_of(sh.texts) if now is None else now.tolist()
    old = [sh.derived.pop(f"{key}:carried{part}", None) for part in ("", "-vectors", "-hashes")]
    at = {} if old[0] is None else {w: n for n, w in enumerate(old[0].tolist())}
    take = np.array([at.get(w, -1) for w in words], dtype=np.int64)
    miss = np.flatnonzero(take < 0)
    if miss.size == len(words) or old[1] is None or old[2] is None:
        vecs = table.embed(words) if words else np.zeros((0, 1), dtype=np.float32)
        hashes = np.array([hash(lexical.stem(w)) for w in words], dtype=np.int64)
    else:
        hit = take >= 0
        vecs = np.empty((len(words), old[1].shape[1]), dtype=np.float32)
        hashes = np.empty(len(words), dtype=np.int64)
        vecs[hit], hashes[hit] = old[1][take[hit]], old[2][take[hit]]
        if miss.size:
            fresh = [words[i] for i in miss]
            vecs[miss] = table.embed(fresh)
            hashes[miss] = [hash(lexical.stem(w)) for w in fresh]
    sh.derived[key], sh.derived[key + ":vectors"] = hashes, vecs
    sh.derived[key + ":words"] = np.array(words, dtype=str)
    return hashes, vecs


def _words_of(texts: Sequence[str]) -> list[str]:
    return sorted({w for t in texts for w in _question_words(t)})


def _carry_words(old: Shelf, new: Shelf) -> None:
    """A rebuilt shelf takes over the word vectors of the one it replaces, for the words its
    own texts still hold (`factindex.CARRIERS`): nothing of a text no longer in the scope. The
    new shelf's words, worked out here for that, are kept for `_scope_words`."""
    keys = [
        k[: -len(":words")]
        for k in list(old.derived)
        if k.startswith("soft:") and k.endswith(":words")
    ]
    if not keys:
        return
    now = _words_of(new.texts)
    mine = set(now)
    for key in keys:
        words, vecs, hashes = (old.derived.get(key + part) for part in (":words", ":vectors", ""))
        if words is None or vecs is None or hashes is None:
            continue
        keep = np.array([n for n, w in enumerate(words.tolist()) if w in mine], dtype=np.int64)
        for part, got in (("", words), ("-vectors", vecs), ("-hashes", hashes)):
            new.derived[f"{key}:carried{part}"] = got[keep]
        new.derived[key + ":now"] = np.array(now, dtype=str)


factindex.CARRIERS.append(_carry_words)


def soft_key(table: WordTable) -> str:
    """Where a shelf keeps its words' term hashes for the soft match (`Shelf.derived`)."""
    return f"soft:{table.name}"


def soft_match(
    sh: Shelf, query: str, table: WordTable, *, word_vectors: Matrix | None = None
) -> npt.NDArray[np.float64] | None:
    """Each fact's soft lexical score for `query` (see SOFT_MIN_COS); None when no word of
    any fact is close to a question word (or the shelf keeps no words)."""
    words = _question_words(query)
    if not words or not len(sh):
        return None
    hashes, vecs = _scope_words(sh, table)
    if not hashes.size:
        return None
    own = set(lexical.hashed(query))
    qv = table.embed(words) if word_vectors is None else word_vectors
    sims = np.einsum("ij,kj->ik", vecs, qv)
    out: npt.NDArray[np.float64] | None = None
    for col in range(len(words)):
        s = sims[:, col]
        best: dict[int, float] = {}
        for i in np.flatnonzero(s >= SOFT_MIN_COS):
            h = int(hashes[i])
            if h not in own and s[i] > best.get(h, 0.0):
                best[h] = float(s[i])
        if best:
            word = np.zeros(len(sh), dtype=np.float64)
            for h, v in best.items():
                np.maximum(word, v * sh.bm25({h}), out=word)
            out = word if out is None else out + word
    return out


def extra_lexical(sh: Shelf, query: str, table: WordTable) -> npt.NDArray[np.float64] | None:
    """What the word table adds to a fact's BM25 for `query`: the expansion's terms and the
    soft match, weighted (`WEIGHT`, `SOFT_WEIGHT`); None when it adds nothing."""
    words = _question_words(query)
    if not words or not sh.postings:
        return None
    qv = table.embed(words)
    extra = expansions(sh, query, table, word_vectors=qv)
    out = WEIGHT * sh.bm25(extra) if extra else None
    soft = soft_match(sh, query, table, word_vectors=qv)
    if soft is not None:
        out = SOFT_WEIGHT * soft if out is None else out + SOFT_WEIGHT * soft
    return out
