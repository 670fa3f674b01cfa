"""Skill match / near-duplicate thresholds on the held-out sets, with floors at the figures
measured once the thresholds were frozen on the dev sets (bench/results/skill_match.md).

The held-out files were written by a helper who never saw the code; they were evaluated once and
never tuned on (the dev sets, including the larger ones in tests/support/data/*_dev_large.json, are
what
bench/skill_calibrate.py calibrates on). A regression (a threshold or representation change that
does worse) fails here.
"""

from __future__ import annotations

import pytest

from tests.support import skill_eval
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder

# (precision, recall, accuracy) measured on the held-out sets (and on the dev sets) once the
# matcher was recalibrated on the larger dev sets and frozen (bench/results/skill_match.md).
FLOORS = {
    ("wordllama", "skill_match.json"): (0.785, 0.608, 0.665),
    ("wordllama", "skill_duplicates.json"): (0.846, 0.978, 0.910),
    ("hashing", "skill_match.json"): (0.768, 0.608, 0.660),
    ("hashing", "skill_duplicates.json"): (0.772, 0.978, 0.860),
    ("wordllama", "skill_match_dev.json"): (0.885, 0.719, 0.800),
    ("wordllama", "skill_match_dev_large.json"): (0.771, 0.562, 0.646),
    ("wordllama", "skill_duplicates_dev.json"): (1.0, 1.0, 1.0),
    ("wordllama", "skill_duplicates_dev_large.json"): (0.941, 0.889, 0.925),
}


def _embedder(name: str) -> Embedder:
    return WordLlamaEmbedder() if name == "wordllama" else HashingEmbedder()


@pytest.mark.parametrize(("family", "corpus"), sorted(FLOORS))
def test_skill_thresholds_hold_their_measured_figures(family: str, corpus: str) -> None:
    path = (skill_eval.DEV if "_dev" in corpus else skill_eval.HERE) / corpus
    data = skill_eval.load(path)
    score = skill_eval.match_figures if "match" in corpus else skill_eval.duplicate_figures
    got = score(data, _embedder(family))
    floor = FLOORS[(family, corpus)]
    assert got.precision >= floor[0] - 1e-3, got
    assert got.recall >= floor[1] - 1e-3, got
    assert got.accuracy >= floor[2] - 1e-3, got


def test_thresholds_beat_the_code_before_on_held_out() -> None:
    emb = WordLlamaEmbedder()
    match = skill_eval.load(skill_eval.HERE / "skill_match.json")
    dups = skill_eval.load(skill_eval.HERE / "skill_duplicates.json")
    assert (
        skill_eval.match_figures(match, emb).accuracy
        > skill_eval.match_figures(match, emb, before=True).accuracy
    )
    assert (
        skill_eval.duplicate_figures(dups, emb).accuracy
        > skill_eval.duplicate_figures(dups, emb, before=True).accuracy
    )


def test_recalibrated_matcher_beats_the_previous_one_on_held_out() -> None:
    """Precision of injecting a body (the priority) and accuracy, on the default embedder."""
    emb = WordLlamaEmbedder()
    match = skill_eval.load(skill_eval.HERE / "skill_match.json")
    dups = skill_eval.load(skill_eval.HERE / "skill_duplicates.json")
    now, previous = (
        skill_eval.match_figures(match, emb),
        skill_eval.match_figures(match, emb, previous=True),
    )
    assert now.precision > previous.precision and now.accuracy > previous.accuracy
    assert (
        skill_eval.duplicate_figures(dups, emb).accuracy
        > skill_eval.duplicate_figures(dups, emb, previous=True).accuracy
    )
