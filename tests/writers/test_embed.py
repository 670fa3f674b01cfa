"""Embedders (WordLlama offline, hashing fallback), their calibrated thresholds, and VectorIndex."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from writers.embed import (
    Embedder,
    EmbedderUnavailable,
    HashingEmbedder,
    Thresholds,
    VectorIndex,
    WordLlamaEmbedder,
    default_embedder,
    thresholds,
)

# --- calibration set --------------------------------------------------------------------------
# Paraphrases: the same lesson as a reflection model might re-distil it in another session.
PARAPHRASES = [
    (
        "Always run the test suite before pushing to main.",
        "Run the tests before you push to the main branch.",
    ),
    (
        "When deploying, check that the database migration ran.",
        "After a deploy, verify the database migration actually ran.",
    ),
    (
        "The user prefers short answers without preamble.",
        "This user likes short answers and no preamble.",
    ),
    (
        "Use pip install -e . to install the project in editable mode.",
        "Install the project in editable mode with pip install -e .",
    ),
    (
        "Never commit secrets or API keys to the git repository.",
        "Do not commit API keys or other secrets to git.",
    ),
    (
        "Quote file paths that contain spaces in shell commands.",
        "In shell commands, put quotes around file paths with spaces.",
    ),
    (
        "Check the time zone before scheduling a meeting for the team.",
        "Confirm the team's time zone before scheduling meetings.",
    ),
    (
        "Pin dependency versions in requirements.txt to avoid surprise upgrades.",
        "Avoid surprise upgrades by pinning dependency versions in requirements.txt.",
    ),
    (
        "When a Slack message exceeds 4000 characters, split it into several messages.",
        "Split Slack messages longer than 4000 characters into multiple messages.",
    ),
    (
        "Ask for the error message before guessing at the cause of a failure.",
        "Before guessing why something failed, ask the user for the error message.",
    ),
    (
        "Use UTC timestamps in logs to avoid time zone confusion.",
        "Log timestamps in UTC so time zones do not cause confusion.",
    ),
    (
        "Restart the worker after changing its environment variables.",
        "After changing the worker's environment variables, restart it.",
    ),
    (
        "Back up the production database before running a destructive migration.",
        "Before a destructive migration, take a backup of the production database.",
    ),
    (
        "The owner wants weekly summaries posted on Friday afternoon.",
        "Post the weekly summary on Friday afternoons, as the owner wants.",
    ),
    ("Prefer Python type hints in all new code.", "New code should use Python type hints."),
    (
        "Clear the build cache when the CI build fails with stale artifacts.",
        "If CI fails because of stale artifacts, clear the build cache.",
    ),
    (
        "Use parameterised SQL queries instead of string formatting.",
        "Build SQL queries with parameters rather than string formatting.",
    ),
    (
        "Reply in the thread rather than in the channel to reduce noise.",
        "To keep channel noise down, reply in the thread instead of the channel.",
    ),
    (
        "Check the rate limit headers before retrying a failed API request.",
        "Before retrying a failed API request, look at the rate limit headers.",
    ),
    (
        "Summarise long documents with bullet points for this user.",
        "This user wants long documents summarised as bullet points.",
    ),
    (
        "Use the staging environment to test payment changes first.",
        "Test payment changes in the staging environment first.",
    ),
    (
        "Convert currency amounts to integers in cents to avoid rounding errors.",
        "Store currency amounts as integer cents to avoid rounding errors.",
    ),
    (
        "Run ruff format before committing Python files.",
        "Format Python files with ruff before committing.",
    ),
    (
        "Include a link to the ticket in every pull request description.",
        "Every pull request description should link the ticket.",
    ),
    (
        "Set a timeout on every outbound HTTP request.",
        "Every outbound HTTP request needs a timeout.",
    ),
    (
        "Confirm the recipient list before sending an email to customers.",
        "Before emailing customers, double-check the recipient list.",
    ),
    (
        "Read the changelog before upgrading a major version of a library.",
        "Before a major library version upgrade, read its changelog.",
    ),
    (
        "Use feature flags to roll out risky changes gradually.",
        "Roll out risky changes gradually behind feature flags.",
    ),
    (
        "Explain the trade-offs when recommending a database to the user.",
        "When recommending a database, explain the trade-offs to the user.",
    ),
    (
        "Check disk space when the server starts returning write errors.",
        "If the server returns write errors, check the disk space.",
    ),
]

# Look-alikes: share words and shape with a lesson but mean something else (hard negatives).
LOOKALIKES = [
    (
        "Always run the test suite before pushing to main.",
        "Always run the linter before opening a pull request.",
    ),
    (
        "When deploying, check that the database migration ran.",
        "When deploying, check that the CDN cache was purged.",
    ),
    (
        "The user prefers short answers without preamble.",
        "The user prefers detailed answers with code examples.",
    ),
    (
        "Use pip install -e . to install the project in editable mode.",
        "Use npm install to install the frontend dependencies.",
    ),
    (
        "Never commit secrets or API keys to the git repository.",
        "Rotate the API keys every ninety days.",
    ),
    (
        "Restart the worker after changing its environment variables.",
        "Restart the database after changing its memory settings.",
    ),
    (
        "Back up the production database before running a destructive migration.",
        "Back up laptops to the shared drive every Friday.",
    ),
    (
        "Use UTC timestamps in logs to avoid time zone confusion.",
        "Use structured JSON in logs so they can be searched.",
    ),
    (
        "Check the rate limit headers before retrying a failed API request.",
        "Check the request body schema when the API returns a 400 error.",
    ),
    (
        "Set a timeout on every outbound HTTP request.",
        "Set a retry budget for every background job.",
    ),
    (
        "Reply in the thread rather than in the channel to reduce noise.",
        "Post incident updates in the channel rather than in DMs.",
    ),
    (
        "Use the staging environment to test payment changes first.",
        "Use the production environment only for read-only queries.",
    ),
    (
        "Pin dependency versions in requirements.txt to avoid surprise upgrades.",
        "Remove unused dependencies from requirements.txt.",
    ),
    (
        "Confirm the recipient list before sending an email to customers.",
        "Confirm the meeting room before sending the calendar invite.",
    ),
    (
        "Read the changelog before upgrading a major version of a library.",
        "Write a changelog entry for every user-facing change.",
    ),
    (
        "Clear the build cache when the CI build fails with stale artifacts.",
        "Clear the browser cache when the page shows old styles.",
    ),
    (
        "Explain the trade-offs when recommending a database to the user.",
        "Explain the error to the user when a database query fails.",
    ),
    ("Run ruff format before committing Python files.", "Run mypy before merging Python changes."),
    (
        "The owner wants weekly summaries posted on Friday afternoon.",
        "The owner wants incident reports within one hour.",
    ),
    (
        "Check disk space when the server starts returning write errors.",
        "Check the firewall rules when the server refuses connections.",
    ),
]

UNRELATED = [
    (
        "Always run the test suite before pushing to main.",
        "The user prefers short answers without preamble.",
    ),
    (
        "Convert currency amounts to integers in cents to avoid rounding errors.",
        "Reply in the thread rather than in the channel to reduce noise.",
    ),
    (
        "Check the time zone before scheduling a meeting for the team.",
        "Use parameterised SQL queries instead of string formatting.",
    ),
    (
        "Summarise long documents with bullet points for this user.",
        "Set a timeout on every outbound HTTP request.",
    ),
    ("Use feature flags to roll out risky changes gradually.", "The owner's cat is called Miso."),
    (
        "Quote file paths that contain spaces in shell commands.",
        "Explain the trade-offs when recommending a database to the user.",
    ),
    (
        "Include a link to the ticket in every pull request description.",
        "Check disk space when the server starts returning write errors.",
    ),
    (
        "Prefer Python type hints in all new code.",
        "Confirm the recipient list before sending an email to customers.",
    ),
    (
        "Ask for the error message before guessing at the cause of a failure.",
        "Post the weekly summary on Friday afternoons.",
    ),
    (
        "Restart the worker after changing its environment variables.",
        "The marketing team meets on Tuesdays.",
    ),
]

# (user query, stored lesson that should be selected for it)
RELEVANT = [
    ("how do I deploy the new release?", "When deploying, check that the database migration ran."),
    (
        "the tests keep failing in CI",
        "Clear the build cache when the CI build fails with stale artifacts.",
    ),
    (
        "can you write me a quick summary of this doc",
        "Summarise long documents with bullet points for this user.",
    ),
    ("git push rejected, what now", "Always run the test suite before pushing to main."),
    (
        "set up a meeting with the team next week",
        "Check the time zone before scheduling a meeting for the team.",
    ),
    (
        "my API calls are getting 429 errors",
        "Check the rate limit headers before retrying a failed API request.",
    ),
    (
        "help me write a SQL query for user lookups",
        "Use parameterised SQL queries instead of string formatting.",
    ),
    (
        "which database should we use for analytics?",
        "Explain the trade-offs when recommending a database to the user.",
    ),
    (
        "I need to send an announcement email to all customers",
        "Confirm the recipient list before sending an email to customers.",
    ),
    (
        "we want to upgrade Django to version 5",
        "Read the changelog before upgrading a major version of a library.",
    ),
    (
        "the requests to the billing service hang forever",
        "Set a timeout on every outbound HTTP request.",
    ),
    (
        "how should I install this package for development?",
        "Use pip install -e . to install the project in editable mode.",
    ),
    (
        "server logs show write failures",
        "Check disk space when the server starts returning write errors.",
    ),
    (
        "I changed the env vars for the queue worker but nothing happened",
        "Restart the worker after changing its environment variables.",
    ),
    (
        "we are about to drop a column in production",
        "Back up the production database before running a destructive migration.",
    ),
]

IRRELEVANT = [
    ("how do I deploy the new release?", "The user prefers short answers without preamble."),
    (
        "the tests keep failing in CI",
        "Confirm the recipient list before sending an email to customers.",
    ),
    (
        "can you write me a quick summary of this doc",
        "Set a timeout on every outbound HTTP request.",
    ),
    (
        "set up a meeting with the team next week",
        "Use parameterised SQL queries instead of string formatting.",
    ),
    ("my API calls are getting 429 errors", "Post the weekly summary on Friday afternoons."),
    (
        "which database should we use for analytics?",
        "Quote file paths that contain spaces in shell commands.",
    ),
    (
        "I need to send an announcement email to all customers",
        "Pin dependency versions in requirements.txt to avoid surprise upgrades.",
    ),
    (
        "we want to upgrade Django to version 5",
        "Reply in the thread rather than in the channel to reduce noise.",
    ),
    (
        "server logs show write failures",
        "Summarise long documents with bullet points for this user.",
    ),
    ("what's a good name for my cat?", "Use feature flags to roll out risky changes gradually."),
    (
        "translate this paragraph into French",
        "Back up the production database before running a destructive migration.",
    ),
    ("what is the capital of Australia?", "Run ruff format before committing Python files."),
    (
        "help me write a SQL query for user lookups",
        "Check the time zone before scheduling a meeting for the team.",
    ),
    (
        "how should I install this package for development?",
        "Convert currency amounts to integers in cents to avoid rounding errors.",
    ),
    ("git push rejected, what now", "The owner's cat is called Miso."),
]


@pytest.fixture(scope="module", params=["wordllama", "hashing"])
def embedder(request: pytest.FixtureRequest) -> Embedder:
    if request.param == "wordllama":
        return WordLlamaEmbedder()
    return HashingEmbedder()


def _pair_sims(emb: Embedder, pairs: list[tuple[str, str]]) -> np.ndarray:
    left = emb.embed([a for a, _ in pairs])
    right = emb.embed([b for _, b in pairs])
    return np.einsum("ij,ij->i", left, right)


# --- embedders --------------------------------------------------------------------------------


def test_embed_returns_unit_float32_rows(embedder: Embedder) -> None:
    vecs = embedder.embed(["Run the tests before pushing.", "The user prefers short answers."])
    assert vecs.shape == (2, embedder.dim)
    assert vecs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)


def test_embed_empty_inputs(embedder: Embedder) -> None:
    assert embedder.embed([]).shape == (0, embedder.dim)
    vecs = embedder.embed(["", "   ", "real text here"])
    assert not vecs[0].any() and not vecs[1].any()
    assert np.linalg.norm(vecs[2]) == pytest.approx(1.0, abs=1e-5)


def test_embed_is_batch_independent(embedder: Embedder) -> None:
    texts = ["Check the migration ran.", "Summarise with bullet points.", "Use UTC in logs."]
    batch = embedder.embed(texts)
    single = np.vstack([embedder.embed([t]) for t in texts])
    np.testing.assert_allclose(batch, single, atol=1e-5)


def test_embedder_satisfies_protocol(embedder: Embedder) -> None:
    assert isinstance(embedder, Embedder)
    assert embedder.name and embedder.dim > 0


def test_hashing_embedder_is_stable_across_processes() -> None:
    text = "When deploying, check that the database migration ran."
    here = HashingEmbedder(dim=64).embed([text])[0].tolist()
    code = (
        "import json; from writers.embed import HashingEmbedder; "
        f"print(json.dumps(HashingEmbedder(dim=64).embed([{text!r}])[0].tolist()))"
    )
    outs = []
    for seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        res = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env=env,
            cwd=Path(__file__).resolve().parents[2],
        )
        outs.append(json.loads(res.stdout))
    np.testing.assert_allclose(outs[0], here, atol=1e-6)
    np.testing.assert_allclose(outs[1], here, atol=1e-6)


def test_hashing_embedder_rejects_tiny_dim() -> None:
    with pytest.raises(ValueError):
        HashingEmbedder(dim=4)


def test_wordllama_missing_files_fail_clearly_without_download(tmp_path: Path) -> None:
    with pytest.raises(EmbedderUnavailable, match="missing"):
        WordLlamaEmbedder(cache_dir=tmp_path)


def test_wordllama_vectors_are_wordllamas_own_bit_for_bit() -> None:
    # The embedder reads the wheel's float16 table itself (memory-mapped) instead of through
    # wordllama's loader; stored lesson vectors stay valid only if the result is identical.
    import wordllama
    from wordllama import WordLlama

    ref = WordLlama.load(
        config="l2_supercat",
        cache_dir=Path(wordllama.__file__).parent,
        dim=256,
        disable_download=True,
    )
    texts = ["", "  ", "hello world", "Déployer le service 12 — naïve café 🚀", "x" * 3000]
    texts += [
        f"When deploying service {i} to region {i % 13}\nRun smoke test {i % 17}"
        for i in range(140)
    ]
    ours = WordLlamaEmbedder().embed(texts)
    theirs = np.asarray(ref.embed(texts, norm=False, return_np=True), dtype=np.float32)
    theirs /= np.maximum(np.linalg.norm(theirs, axis=1, keepdims=True), 1e-12)
    theirs[[i for i, t in enumerate(texts) if not t.strip()]] = 0.0
    assert ours.dtype == np.float32 and np.array_equal(ours, theirs)


def test_wordllama_keeps_no_widened_copy_of_its_token_table() -> None:
    # wordllama's loader keeps its 32,000 × 256 table as float32 (33 MB resident, plus its
    # package imports); the embedder maps the wheel's float16 file and widens only the rows a
    # text uses. Measured in a fresh process: resident growth from loading and embedding.
    code = (
        "import numpy, tokenizers\n"
        "from writers.embed import WordLlamaEmbedder\n"
        "def rss():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmRSS'):\n"
        "            return int(line.split()[1]) / 1024\n"
        "before = rss()\n"
        "emb = WordLlamaEmbedder()\n"
        "emb.embed([f'When deploying service {i} to region {i % 13}, smoke-test it' "
        "for i in range(500)])\n"
        "print(rss() - before)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    grown = float(out.stdout.strip().splitlines()[-1])
    assert grown < 35, f"loading WordLlama grew the process by {grown:.0f} MB"


def test_default_embedder_prefers_wordllama_when_it_loads() -> None:
    emb = default_embedder()
    assert emb.name.startswith("wordllama")
    assert default_embedder() is emb  # loaded once per process


# --- calibrated thresholds ----------------------------------------------------------------------


def test_thresholds_separate_paraphrases_from_lookalikes(embedder: Embedder) -> None:
    th = thresholds(embedder)
    para = _pair_sims(embedder, PARAPHRASES)
    negatives = np.concatenate([_pair_sims(embedder, LOOKALIKES), _pair_sims(embedder, UNRELATED)])
    assert (para >= th.duplicate).mean() >= 0.90, sorted(para.round(2))
    assert (negatives >= th.duplicate).mean() <= 0.10, sorted(negatives.round(2))


def test_related_threshold_separates_relevant_lessons(embedder: Embedder) -> None:
    th = thresholds(embedder)
    rel = _pair_sims(embedder, RELEVANT)
    irrel = _pair_sims(embedder, IRRELEVANT)
    assert (rel >= th.related).mean() >= 0.80, sorted(rel.round(2))
    assert (irrel >= th.related).mean() <= 0.10, sorted(irrel.round(2))
    assert th.related < th.duplicate


def test_related_threshold_ranks_the_right_lesson_first(embedder: Embedder) -> None:
    lessons = [lesson for _, lesson in RELEVANT]
    index: VectorIndex[int] = VectorIndex(embedder.dim)
    for i, vec in enumerate(embedder.embed(lessons)):
        index.add(i, vec)
    queries = embedder.embed([q for q, _ in RELEVANT])
    top1 = [index.search(q, 1)[0][0] for q in queries]
    assert np.mean([hit == i for i, hit in enumerate(top1)]) >= 0.8


def test_thresholds_unknown_embedder() -> None:
    class Other:
        name = "other-1"
        dim = 3

        def embed(self, texts: list[str]) -> np.ndarray:
            return np.zeros((len(texts), 3), dtype=np.float32)

    with pytest.raises(ValueError, match="other-1"):
        thresholds(Other())
    assert isinstance(thresholds(HashingEmbedder()), Thresholds)


# --- VectorIndex --------------------------------------------------------------------------------


def _brute(data: dict[int, np.ndarray], q: np.ndarray, k: int, allowed: set[int] | None = None):
    keys = [key for key in data if allowed is None or key in allowed]
    mat = np.vstack([data[key] / np.linalg.norm(data[key]) for key in keys])
    scores = mat @ (q / np.linalg.norm(q))
    order = np.argsort(-scores, kind="stable")[:k]
    return [keys[i] for i in order], scores[order]


def test_index_search_matches_brute_force_after_growth_updates_and_removals() -> None:
    rng = np.random.default_rng(7)
    index: VectorIndex[int] = VectorIndex(32, initial_capacity=2)
    data = {i: rng.standard_normal(32).astype(np.float32) for i in range(300)}
    for key, vec in data.items():
        index.add(key, vec)
    for key in range(0, 300, 7):
        data[key] = rng.standard_normal(32).astype(np.float32)
        index.update(key, data[key])
    for key in range(0, 300, 5):
        index.remove(key)
        del data[key]
    assert len(index) == len(data) and 5 not in index and 1 in index
    for _ in range(10):
        q = rng.standard_normal(32).astype(np.float32)
        want_ids, want_scores = _brute(data, q, 10)
        got = index.search(q, 10)
        assert [key for key, _ in got] == want_ids
        np.testing.assert_allclose([s for _, s in got], want_scores, atol=1e-5)


@pytest.mark.parametrize("fraction", [0.05, 0.9])
def test_index_search_allowed_ids(fraction: float) -> None:
    # 0.05 takes the gather path, 0.9 the score-all-then-filter path.
    rng = np.random.default_rng(3)
    index: VectorIndex[int] = VectorIndex(16)
    data = {i: rng.standard_normal(16).astype(np.float32) for i in range(400)}
    for key, vec in data.items():
        index.add(key, vec)
    allowed = {key for key in data if rng.random() < fraction} | {9999}  # unknown ids ignored
    q = rng.standard_normal(16).astype(np.float32)
    want_ids, _ = _brute(data, q, 20, allowed)
    assert [key for key, _ in index.search(q, 20, allowed)] == want_ids
    assert index.search(q, 5, set()) == []
    assert index.search(q, 5, {12345}) == []


def test_index_edge_cases() -> None:
    index: VectorIndex[str] = VectorIndex(4)
    q = np.ones(4, dtype=np.float32)
    assert index.search(q, 3) == []
    index.add("a", [1, 0, 0, 0])
    index.add("b", [0, 1, 0, 0])
    assert [key for key, _ in index.search(q, 10)] == ["a", "b"]  # k > n, tie keeps order
    assert index.search(q, 0) == []
    with pytest.raises(KeyError):
        index.add("a", [0, 0, 1, 0])
    with pytest.raises(KeyError):
        index.update("zzz", [0, 0, 1, 0])
    with pytest.raises(KeyError):
        index.remove("zzz")
    with pytest.raises(ValueError, match="dim"):
        index.add("c", [1, 2, 3])
    index.upsert("a", [0, 0, 2, 0])
    index.upsert("c", [0, 0, 0, 3])
    hit = index.search([0, 0, 1, 0], 1)
    assert hit[0][0] == "a" and hit[0][1] == pytest.approx(1.0)
    index.remove("b")
    index.remove("a")
    index.remove("c")
    assert len(index) == 0 and index.search(q, 1) == []


def test_index_is_thread_safe_under_concurrent_writes_and_reads() -> None:
    rng = np.random.default_rng(11)
    index: VectorIndex[tuple[int, int]] = VectorIndex(24, initial_capacity=1)
    vecs = rng.standard_normal((4, 250, 24)).astype(np.float32)
    errors: list[BaseException] = []
    start = threading.Barrier(5)

    def writer(t: int) -> None:
        start.wait()
        for i in range(250):
            index.add((t, i), vecs[t, i])
            if i % 3 == 0:
                index.remove((t, i))

    def reader() -> None:
        start.wait()
        for _ in range(200):
            for key, score in index.search(vecs[0, 0], 5):
                if not -1.0001 <= score <= 1.0001 or key[0] not in range(4):
                    errors.append(AssertionError((key, score)))

    threads = [threading.Thread(target=writer, args=(t,)) for t in range(4)]
    threads.append(threading.Thread(target=reader))
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    assert len(index) == 4 * (250 - 84)
    for t in range(4):
        for i in range(1, 250, 3):
            hit = index.search(vecs[t, i], 1)
            assert hit[0][0] == (t, i)


def _hashing_one_at_a_time(texts: list[str], dim: int = 1024) -> np.ndarray:
    """The hashing embedder as it was written first: each feature's damped weight added into
    its bucket as a numpy scalar operation, in the order the features first occur."""
    from writers.embed import _STOPWORDS, _WORD_RE, _bucket, _stem

    out = np.zeros((len(texts), dim), dtype=np.float32)
    for row, text in enumerate(texts):
        words = [_stem(w) for w in _WORD_RE.findall(text.lower())]
        content = [w for w in words if w not in _STOPWORDS]
        feats = [("w:" + w, 1.0) for w in content]
        feats += [("b:" + a + " " + b, 0.5) for a, b in zip(content, content[1:], strict=False)]
        feats += [("c:" + f"<{w}>"[i : i + 3], 0.5) for w in content for i in range(len(w))]
        counts: dict[str, float] = {}
        for feat, weight in feats:
            counts[feat] = counts.get(feat, 0.0) + weight
        for feat, weight in counts.items():
            idx, sign = _bucket(feat, dim)
            out[row, idx] += sign * float(np.log1p(weight))
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    np.divide(out, norms, out=out, where=norms > 1e-12)
    return out


@given(
    st.lists(st.text(alphabet=st.sampled_from("abcdeiks0123 '-_.ÄİK東\n"), max_size=60), max_size=4)
)
def test_the_hashing_embedder_gives_the_same_bits_as_adding_one_feature_at_a_time(
    texts: list[str],
) -> None:
    """Its vectors are stored with facts and lessons and compared with ones made before:
    counting the features without numpy scalars (issue 27, fourteenth round) changed no bit,
    words repeated (a bucket hit twice) and buckets shared by two features included."""
    assert HashingEmbedder().embed(texts).tobytes() == _hashing_one_at_a_time(texts).tobytes()


_FLOATS32 = st.floats(-1e6, 1e6, allow_nan=False, width=32)


@given(
    st.integers(1, 4).flatmap(
        lambda n: st.lists(st.lists(_FLOATS32, min_size=n, max_size=n), min_size=1, max_size=4)
    )
)
def test_rows_and_queries_are_normalised_with_the_bits_of_numpy_linalg_norm(
    rows: list[list[float]],
) -> None:
    # Every embedding's rows and every searched vector are scaled by their norm, worked out by
    # the operations `np.linalg.norm` runs for real float32 input (issue 27, fifteenth round):
    # the same bits as the library function, zero rows left zero.
    from writers.embed import _normalise_rows

    mat = np.array(rows, dtype=np.float32)
    want = mat.copy()
    norms = np.linalg.norm(want, axis=1, keepdims=True)
    np.divide(want, norms, out=want, where=norms > 1e-12)
    assert _normalise_rows(mat).tobytes() == want.tobytes()
    index: VectorIndex[int] = VectorIndex(mat.shape[1])
    for row in mat:
        norm = float(np.linalg.norm(row))
        want_row = row / norm if norm > 1e-12 else row
        assert index._row(row).tobytes() == want_row.tobytes()


@given(st.lists(st.floats(-1.0, 1.0, allow_nan=False, width=32), min_size=1, max_size=60))
def test_the_search_orders_its_hits_as_numpys_stable_argsort(scores: list[float]) -> None:
    # `_top_k` reads the arrays' own `argpartition`/`argsort` (what the numpy functions call).
    from writers.embed import _top_k

    arr = np.array(scores, dtype=np.float32)
    for k in (1, 3, len(scores)):
        kk = min(k, arr.size)
        top = np.argpartition(-arr, kk - 1)[:kk] if kk < arr.size else np.arange(kk)
        assert _top_k(arr, k).tolist() == top[np.argsort(-arr[top], kind="stable")].tolist()


@given(
    st.sampled_from([1, 7, 8, 9, 16, 127, 128, 129, 256, 1024]),
    st.integers(0, 2**32 - 1),
    st.sampled_from([1e-30, 1e-3, 1.0, 1e4, 1e6]),
    st.floats(0.0, 1.0),
)
def test_one_row_is_normalised_with_the_bits_of_the_rows(
    n: int, seed: int, scale: float, empty: float
) -> None:
    # A message's embedding is one row, scaled without the rows' kept dimension and mask (issue
    # 27, seventeenth round): the same bits, at every length the summation splits differently
    # (some of a row's elements left 0, as most of a message's buckets are; all of them too).
    from writers.embed import _normalise_row, _normalise_rows

    rng = np.random.default_rng(seed)
    mat = (rng.standard_normal((1, n)) * scale).astype(np.float32)
    mat[rng.random((1, n)) < empty] = 0.0
    assert _normalise_row(mat.copy()).tobytes() == _normalise_rows(mat.copy()).tobytes()


@given(st.text(alphabet=st.sampled_from("abcdefghiks0123 '-_.ÄİK東\n"), max_size=400))
def test_one_message_is_embedded_with_the_bits_of_adding_one_feature_at_a_time(
    text: str,
) -> None:
    # One text is the usual call (a message): its features' values set when no two share a
    # bucket, added one at a time when some do, and its row normalised on its own.
    assert HashingEmbedder().embed([text]).tobytes() == _hashing_one_at_a_time([text]).tobytes()


@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 50),
    st.integers(1, 60),
    st.sampled_from([-1.0, 0.0, 0.05, 0.1, 0.2, 0.5, 2.0]),
)
def test_a_search_at_least_a_score_is_the_search_filtered_by_it(
    seed: int, n: int, k: int, at_least: float
) -> None:
    # The selection's tail lessons ask the search for those at least `related` (issue 27,
    # eighteenth round): the top-k's hits scoring that much, in the same order, none else.
    rng = np.random.default_rng(seed)
    index: VectorIndex[int] = VectorIndex(16)
    for i in range(n):
        index.add(i, rng.standard_normal(16).astype(np.float32))
    q = rng.standard_normal(16).astype(np.float32)
    want = [(i, s) for i, s in index.search(q, k) if s >= at_least]
    assert index.search(q, k, at_least=at_least) == want


def test_a_forget_empties_the_words_the_hashing_embedder_met() -> None:
    # The embedder keeps each word it met with its stem and trigrams (issue 27, eighteenth
    # round): words of a forgotten text must not stay in memory, nor their features.
    from writers import embed

    HashingEmbedder().embed(["the quokka borrowed seventeen umbrellas"])
    assert "quokka" in embed._WORDS
    embed.forget_features()
    assert not embed._WORDS
    assert embed.features_memoised() == 0
