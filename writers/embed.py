"""Text embeddings (WordLlama offline, or a pure-numpy hashing fallback) and a small vector index.

Every embedder returns float32, L2-normalised rows, so a dot product is a cosine similarity.
Nothing here ever downloads: WordLlama is loaded from the files its wheel ships.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import logging
import re
import struct
import threading
import zlib
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

log = logging.getLogger(__name__)

Matrix = npt.NDArray[np.float32]


class EmbedderUnavailable(RuntimeError):
    """The requested embedder cannot be loaded offline (package or model files missing)."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of a fixed dimension."""

    @property
    def name(self) -> str:
        """Stable identifier; vectors from different names must never be mixed."""
        ...

    @property
    def dim(self) -> int:
        """Vector dimension."""
        ...

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Embed `texts` into an (n, dim) float32 matrix of unit rows (zero rows for empty text)."""
        ...


def _normalise_rows(mat: npt.NDArray[Any]) -> Matrix:
    out = np.ascontiguousarray(mat, dtype=np.float32)
    # The operations `np.linalg.norm(out, axis=1, keepdims=True)` runs for real rows (so the
    # same bits), without its Python-level checks: every message's embedding pays them.
    norms = np.sqrt(np.add.reduce(out * out, axis=1, keepdims=True))
    # Empty/unknown text gives a zero row; leave it zero rather than dividing by zero.
    np.divide(out, norms, out=out, where=norms > 1e-12)
    return out


def _normalise_row(out: Matrix) -> Matrix:
    """`_normalise_rows` of a one-row float32 matrix, in place: the same operations on the row
    (its squares summed along it, as the reduction over the rows' axis sums them), without the
    kept dimension and the mask (a message's embedding: ~44 k instructions against ~25 k)."""
    row = out[0]
    norm = np.sqrt(np.add.reduce(row * row))
    if norm > 1e-12:
        np.divide(row, norm, out=row)
    return out


def row_dots(mat: npt.NDArray[Any], q: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """`mat @ q` (cosines, for unit rows) without BLAS. OpenBLAS runs a large matrix-vector
    product on worker threads that keep spinning after it returns; on the small shared hosts
    Seshat runs on they take the CPU the serving thread needs. Measured in fact retrieval on a
    busy 2-vCPU VM (100k facts in a scope): the cosines took 17-22 ms with BLAS and 3-4 ms
    without, and the rest of the selection slowed too while the threads spun."""
    out: npt.NDArray[Any] = np.einsum("ij,j->i", mat, q)
    return out


class WordLlamaEmbedder:
    """WordLlama (l2_supercat, 256-d) from the files shipped inside the wordllama wheel.

    WordLlama is a token table and an average: a text's vector is the mean of its tokens' rows.
    The wheel stores the table as float16 (32,000 × 256, 16 MB); wordllama's own loader copies
    it to float32 in memory (33 MB resident for good). Here the file is memory-mapped as it is
    and only the rows a text uses are widened to float32, exactly as wordllama widens them, so
    the vectors are the same bit for bit (tests/writers/test_embed.py checks that against
    wordllama itself); only the pages of tokens ever seen become resident, and the kernel can
    drop them again. wordllama's package (which imports requests and configures the root
    logger) is not imported: the tokenizer is the `tokenizers` library's, as in wordllama.
    """

    _CONFIG = "l2_supercat"
    _DIM = 256
    _TENSOR = "embedding.weight"
    _BATCH = 64  # wordllama's: texts padded together, so the same sums in the same order

    def __init__(self, cache_dir: Path | None = None) -> None:
        try:
            from tokenizers import Tokenizer
        except ImportError as exc:  # pragma: no cover - a dependency of wordllama
            raise EmbedderUnavailable("tokenizers is not installed") from exc
        # The installed release looks for its tokenizer under the user cache by default and
        # would try to download it; the wheel itself ships weights/ and tokenizers/.
        root = cache_dir if cache_dir is not None else _package_dir("wordllama")
        if root is None:  # pragma: no cover - wordllama is a hard dependency
            raise EmbedderUnavailable("wordllama is not installed")
        weights = root / "weights" / f"{self._CONFIG}_{self._DIM}.safetensors"
        vocab = root / "tokenizers" / f"{self._CONFIG}_tokenizer_config.json"
        missing = [str(p) for p in (weights, vocab) if not p.is_file()]
        if missing:
            raise EmbedderUnavailable(f"WordLlama model files missing: {', '.join(missing)}")
        try:
            self._table = _mapped_tensor(weights, self._TENSOR)
            self._tokenizer = Tokenizer.from_file(str(vocab))
        except (OSError, ValueError, KeyError, RuntimeError) as exc:
            raise EmbedderUnavailable(f"WordLlama failed to load from {root}: {exc}") from exc
        if self._table.ndim != 2 or self._table.shape[1] != self._DIM:
            raise EmbedderUnavailable(f"WordLlama table has shape {self._table.shape}")
        # wordllama's inference settings: pad a batch to its longest text, never truncate.
        self._tokenizer.enable_padding()
        self._tokenizer.no_truncation()
        self._lock = threading.Lock()
        self._words: tuple[npt.NDArray[np.int64], list[str]] | None = None

    @property
    def name(self) -> str:
        """Stable identifier."""
        return f"wordllama-{self._CONFIG}-{self._DIM}"

    @property
    def dim(self) -> int:
        """Vector dimension."""
        return self._DIM

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Embed texts with WordLlama (average-pooled token vectors), normalised."""
        if len(texts) == 0:
            return np.zeros((0, self._DIM), dtype=np.float32)
        raw = np.empty((len(texts), self._DIM), dtype=np.float32)
        last = self._table.shape[0] - 1
        for start in range(0, len(texts), self._BATCH):
            chunk = list(texts[start : start + self._BATCH])
            # The tokenizer's padding state is mutable; serialise calls.
            with self._lock:
                encoded = self._tokenizer.encode_batch(chunk, add_special_tokens=False)
            ids = np.array([e.ids for e in encoded], dtype=np.int32)
            mask = np.array([e.attention_mask for e in encoded], dtype=np.float32)
            np.clip(ids, 0, last, out=ids)
            rows = self._table[ids].astype(np.float32)
            counts = np.maximum(mask.sum(axis=1, keepdims=True), 1.0).astype(np.float32)
            pooled = np.sum(rows * mask[..., np.newaxis], axis=1, dtype=np.float32) / counts
            raw[start : start + len(chunk)] = pooled
        mat = _normalise_rows(raw)
        for i, text in enumerate(texts):
            if not text.strip():
                mat[i] = 0.0
        return mat

    def word_pieces(self) -> tuple[npt.NDArray[np.int64], list[str]]:
        """The table's whole-word pieces — those that start a word and are 3 or more ASCII
        letters — as (ids, lower-case words): the vocabulary query expansion looks in
        (`writers.recall.expand`). Read from the tokenizer once; about 13,000 of the 32,000."""
        with self._lock:
            if self._words is None:
                ids, words = [], []
                for i in range(self._table.shape[0]):
                    piece = self._tokenizer.id_to_token(i) or ""
                    word = piece[1:]
                    if (
                        piece[:1] == "\u2581"
                        and len(word) >= 3
                        and word.isascii()
                        and word.isalpha()
                    ):
                        ids.append(i)
                        words.append(word.lower())
                self._words = (np.array(ids, dtype=np.int64), words)
            return self._words

    def piece_vectors(self, ids: npt.NDArray[np.int64]) -> Matrix:
        """The table's rows for piece `ids`, widened to float32 and normalised (only these rows
        are read from the mapped file)."""
        return _normalise_rows(self._table[ids].astype(np.float32))


def _package_dir(name: str) -> Path | None:
    """Where an installed package lives, without importing (running) it."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


_SAFETENSORS_DTYPES = {"F16": "<f2", "F32": "<f4", "BF16": None}


def _mapped_tensor(path: Path, key: str) -> npt.NDArray[Any]:
    """One tensor of a .safetensors file, memory-mapped read-only (the format: an 8-byte
    little-endian header length, a JSON header giving each tensor's dtype, shape and byte
    range, then the data)."""
    with path.open("rb") as f:
        (size,) = struct.unpack("<Q", f.read(8))
        if size > 100_000_000:
            raise ValueError("safetensors header too large")
        header = json.loads(f.read(size))
    info = header[key]
    dtype = _SAFETENSORS_DTYPES.get(info["dtype"])
    if dtype is None:
        raise ValueError(f"unsupported tensor dtype {info['dtype']}")
    begin, end = (int(x) for x in info["data_offsets"])
    shape = tuple(int(x) for x in info["shape"])
    table = np.memmap(path, dtype=dtype, mode="r", offset=8 + size + begin, shape=shape)
    if table.nbytes != end - begin:
        raise ValueError(f"tensor {key} is {end - begin} bytes, its shape says {table.nbytes}")
    return table


_WORD_RE = re.compile(r"[a-z0-9]+(?:['_.-][a-z0-9]+)*")
# Function words carry no lesson meaning but dominate short texts under hashing.
_STOPWORDS = frozenset(
    "a an the and or but if then so of to in on at by for from with into onto about as is are was "
    "were be been being it its this that these those there here i you he she we they me my your "
    "our their do does did doing have has had will would should can could may might must just "
    "also very too than when while before after".split()
)


def _stem(word: str) -> str:
    # A few cheap suffix rules so "deploying"/"deploys"/"deployed" share a feature.
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def content_words(text: str, stem: Callable[[str], str] = _stem) -> list[str]:
    """Lower-cased, stemmed words of `text` without function words (hyphens and underscores
    split words, so a slug reads as its words); `stem` is this module's few suffix rules unless
    another stemmer is given (the lessons' word coverage uses the facts', `writers.selector`)."""
    words = _WORD_RE.findall(text.lower().replace("-", " ").replace("_", " "))
    return [stem(w) for w in words if w not in _STOPWORDS]


@functools.lru_cache(maxsize=200_000)
def _bucket(feature: str, dim: int) -> tuple[int, float]:
    # crc32 is stable across processes and platforms, unlike hash() (PYTHONHASHSEED).
    h = zlib.crc32(feature.encode("utf-8"))
    return h % dim, (1.0 if (h >> 31) & 1 else -1.0)


# Each word the hashing embedder met (as `_WORD_RE` finds it, lower-cased): its stem and its
# stem's character trigram features, in order. A message's words are mostly words met before;
# stemming each and slicing its trigrams again was a third of embedding one (issue 27,
# eighteenth round). Emptied when it holds `_WORDS_MAX` words, and by `forget_features`.
_WORDS: dict[str, tuple[str, tuple[str, ...]]] = {}
_WORDS_MAX = 100_000


def _word(word: str) -> tuple[str, tuple[str, ...]]:
    got = _WORDS.get(word)
    if got is None:
        stem = _stem(word)
        padded = f"<{stem}>"
        got = (stem, tuple(["c:" + padded[i : i + 3] for i in range(len(padded) - 2)]))
        if len(_WORDS) >= _WORDS_MAX:
            _WORDS.clear()
        _WORDS[word] = got
    return got


def forget_features() -> None:
    """Empty the hashing embedder's memo of feature strings: its keys are the words, word pairs
    and character trigrams of every text embedded, so a forget must not leave them in memory."""
    _bucket.cache_clear()
    _WORDS.clear()


def features_memoised() -> int:
    """How many feature strings and words the hashing embedder has memoised (the forget tests
    look here)."""
    return _bucket.cache_info().currsize + len(_WORDS)


# log1p of a feature's summed weight (a multiple of 0.5: a handful of values), by weight.
_LOG1P: dict[float, float] = {}


class HashingEmbedder:
    """Pure-numpy fallback: signed feature hashing of stemmed words, word bigrams, char trigrams."""

    def __init__(self, dim: int = 1024) -> None:
        if dim < 16:
            raise ValueError("dim must be >= 16")
        self._dim = dim

    @property
    def name(self) -> str:
        """Stable identifier (includes the dimension and feature-set version)."""
        return f"hashing-v1-{self._dim}"

    @property
    def dim(self) -> int:
        """Vector dimension."""
        return self._dim

    def _counts(self, text: str) -> dict[str, float]:
        """Each feature's summed weight, in the order the features first occur: stemmed
        words (1.0), word bigrams (0.5), character trigrams of each padded word (0.5)."""
        met = [_word(w) for w in _WORD_RE.findall(text.lower())]
        kept = [m for m in met if m[0] not in _STOPWORDS]
        content = [stem for stem, _ in kept]
        counts: dict[str, float] = {}
        get = counts.get
        for w in content:
            feat = "w:" + w
            counts[feat] = get(feat, 0.0) + 1.0
        for a, b in zip(content, content[1:], strict=False):
            feat = "b:" + a + " " + b
            counts[feat] = get(feat, 0.0) + 0.5
        for _, trigrams in kept:
            for feat in trigrams:
                counts[feat] = get(feat, 0.0) + 0.5
        return counts

    def embed(self, texts: Sequence[str]) -> Matrix:
        """Embed texts by feature hashing with sublinear term weights, normalised."""
        out = np.zeros((len(texts), self._dim), dtype=np.float32)
        for row, text in enumerate(texts):
            counts = self._counts(text)
            if not counts:
                continue
            buckets: list[int] = []
            values: list[float] = []
            for feat, weight in counts.items():
                idx, sign = _bucket(feat, self._dim)
                # log1p damps repeated words so one noisy term cannot dominate the vector.
                damped = _LOG1P.get(weight)
                if damped is None:
                    damped = _LOG1P[weight] = float(np.log1p(weight))
                buckets.append(idx)
                values.append(sign * damped)
            # Added into the row in the features' order, in float32, as one element at a time
            # was (`ufunc.at` is unbuffered): the same bits, without four numpy scalar
            # operations per feature (most of embedding a message; issue 27, fourteenth round).
            # When no two features share a bucket (a short message), each element is its one
            # value (never 0: a weight's log1p is positive), which adding it to 0 gives too.
            vals = np.asarray(values, dtype=np.float32)
            if len(set(buckets)) == len(buckets):
                out[row, buckets] = vals
            else:
                np.add.at(out[row], buckets, vals)
        return _normalise_row(out) if len(texts) == 1 else _normalise_rows(out)


@dataclass(frozen=True)
class Thresholds:
    """Cosine cut-offs: `duplicate` = same lesson paraphrased; `related` = relevant to a query."""

    duplicate: float
    related: float


# Calibrated in tests/writers/test_embed.py on its paraphrase / look-alike / unrelated sets.
_THRESHOLDS: dict[str, Thresholds] = {
    "wordllama": Thresholds(duplicate=0.70, related=0.20),
    "hashing": Thresholds(duplicate=0.56, related=0.10),
}


def thresholds(embedder: Embedder) -> Thresholds:
    """Similarity thresholds calibrated for this embedder family."""
    family = embedder.name.split("-", 1)[0]
    try:
        return _THRESHOLDS[family]
    except KeyError:
        raise ValueError(f"no calibrated thresholds for embedder {embedder.name!r}") from None


@functools.lru_cache(maxsize=1)
def default_embedder() -> Embedder:
    """WordLlama if it loads offline, else the hashing fallback; the choice is logged once."""
    try:
        emb: Embedder = WordLlamaEmbedder()
    except EmbedderUnavailable as exc:
        log.warning("embeddings: using HashingEmbedder fallback (%s)", exc)
        return HashingEmbedder()
    log.info("embeddings: using %s", emb.name)
    return emb


K = TypeVar("K", bound=Hashable)


class VectorIndex(Generic[K]):
    """In-memory cosine index: one float32 matrix grown by doubling, rows addressed by id."""

    def __init__(self, dim: int, initial_capacity: int = 256) -> None:
        self._dim = dim
        self._mat: Matrix = np.zeros((max(1, initial_capacity), dim), dtype=np.float32)
        self._ids: list[K] = []
        self._pos: dict[K, int] = {}
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:
        """Vector dimension."""
        return self._dim

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, key: object) -> bool:
        return key in self._pos

    def _row(self, vector: npt.ArrayLike) -> Matrix:
        vec = np.asarray(vector, dtype=np.float32).reshape(-1)
        if vec.shape[0] != self._dim:
            raise ValueError(f"vector has dim {vec.shape[0]}, index expects {self._dim}")
        norm = float(np.sqrt(vec.dot(vec)))  # what `np.linalg.norm` runs for a real vector
        return vec / norm if norm > 1e-12 else vec

    def add(self, key: K, vector: npt.ArrayLike) -> None:
        """Add a new row (normalised); raises KeyError if `key` is already present."""
        row = self._row(vector)
        with self._lock:
            if key in self._pos:
                raise KeyError(f"{key!r} already in index")
            n = len(self._ids)
            if n == self._mat.shape[0]:
                # Doubling keeps adds amortised O(dim) instead of a rebuild per add.
                grown = np.zeros((2 * n, self._dim), dtype=np.float32)
                grown[:n] = self._mat
                self._mat = grown
            self._mat[n] = row
            self._ids.append(key)
            self._pos[key] = n

    def update(self, key: K, vector: npt.ArrayLike) -> None:
        """Replace the vector of an existing row; raises KeyError if absent."""
        row = self._row(vector)
        with self._lock:
            self._mat[self._pos[key]] = row

    def upsert(self, key: K, vector: npt.ArrayLike) -> None:
        """Add or replace."""
        row = self._row(vector)
        with self._lock:
            pos = self._pos.get(key)
        if pos is None:
            try:
                self.add(key, row)
                return
            except KeyError:
                pass  # another thread added it in between; fall through to update
        self.update(key, row)

    def remove(self, key: K) -> None:
        """Remove a row in O(dim) by moving the last row into its slot; KeyError if absent."""
        with self._lock:
            pos = self._pos.pop(key)
            last = len(self._ids) - 1
            if pos != last:
                moved = self._ids[last]
                self._mat[pos] = self._mat[last]
                self._ids[pos] = moved
                self._pos[moved] = pos
            # The freed row is zeroed: a removed vector (a forgotten one) must not linger.
            self._mat[last] = 0.0
            self._ids.pop()

    def search(
        self,
        query_vec: npt.ArrayLike,
        k: int,
        allowed_ids: set[K] | None = None,
        *,
        at_least: float | None = None,
    ) -> list[tuple[K, float]]:
        """Top-k (id, cosine) by descending score, optionally restricted to `allowed_ids`;
        with `at_least` (and no `allowed_ids`), only those scoring at least that: the top-k's
        first ones (best first, a NaN last), no tuple made for the rest."""
        q = self._row(query_vec)
        if k <= 0:
            return []
        with self._lock:
            n = len(self._ids)
            if n == 0:
                return []
            if allowed_ids is None:
                scores = row_dots(self._mat[:n], q)
                return self._hits(scores, _top_k(scores, k), at_least)
            if len(allowed_ids) * 2 > n:
                return self._search_dense_filter(q, k, allowed_ids, n)
            positions = np.fromiter(
                (p for key in allowed_ids if (p := self._pos.get(key)) is not None),
                dtype=np.intp,
            )
            scores = row_dots(self._mat[positions], q)
            return [(self._ids[int(positions[t])], float(scores[t])) for t in _top_k(scores, k)]

    def _hits(
        self, scores: Matrix, rows: npt.NDArray[np.intp], at_least: float | None = None
    ) -> list[tuple[K, float]]:
        """(id, score) of `rows`, in their order: the rows and scores read as Python numbers in
        one call each (the same values as `int()` and `float()` of each element, without a
        numpy scalar made per row). With `at_least`, up to the first row scoring less (or
        NaN): `rows` are best first, so none after it scores at least that."""
        ids = self._ids
        top = scores[rows].tolist()
        if at_least is not None:
            m = 0
            for s in top:
                if not s >= at_least:
                    break
                m += 1
            return [(ids[r], s) for r, s in zip(rows[:m].tolist(), top[:m], strict=True)]
        return [(ids[r], s) for r, s in zip(rows.tolist(), top, strict=True)]

    def _search_dense_filter(
        self, q: Matrix, k: int, allowed_ids: set[K], n: int
    ) -> list[tuple[K, float]]:
        # Most rows are allowed: score everything once and filter an over-fetched top list,
        # which avoids a per-id Python pass over a huge allow-list.
        scores = row_dots(self._mat[:n], q)
        fetch = min(n, 4 * k + 32)
        while True:
            hits = [r for r in _top_k(scores, fetch) if self._ids[int(r)] in allowed_ids]
            if len(hits) >= k or fetch == n:
                return [(self._ids[int(r)], float(scores[r])) for r in hits[:k]]
            fetch = min(n, fetch * 4)


def _top_k(scores: Matrix, k: int) -> npt.NDArray[np.intp]:
    """Indices of the k largest scores, best first (ties keep index order)."""
    k = min(k, scores.shape[0])
    if k == 0:
        return np.zeros(0, dtype=np.intp)
    # The arrays' own methods (what `np.argpartition` and `np.argsort` call, without their
    # dispatch layers).
    if k == scores.shape[0]:
        # Every score (a library's few injectable lessons): their order, without indexing the
        # scores and the order by the positions 0…k-1 (the same values).
        order: npt.NDArray[np.intp] = (-scores).argsort(kind="stable")
        return order
    top = (-scores).argpartition(k - 1)[:k]
    return top[(-scores[top]).argsort(kind="stable")]
