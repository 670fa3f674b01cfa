"""Skill match / near-duplicate thresholds on the held-out sets, with floors at the figures
measured once the thresholds were frozen on the dev sets (bench/results/skill_match.md).

The held-out files were written by a helper who never saw the code; they were evaluated once and
never tuned on. A regression (a threshold or representation change that does worse) fails here.
"""

from __future__ import annotations

import pytest

from tests.heldout import skill_eval
from writers.embed import Embedder, HashingEmbedder, WordLlamaEmbedder

# (precision, recall, accuracy) measured on the held-out sets (and on the dev sets).
FLOORS = {
    ("wordllama", "skill_match.json"): (0.642, 0.717, 0.630),
    ("wordllama", "skill_duplicates.json"): (0.872, 0.756, 0.840),
    ("hashing", "skill_match.json"): (0.719, 0.683, 0.695),
    ("hashing", "skill_duplicates.json"): (0.920, 0.511, 0.760),
    ("wordllama", "skill_match_dev.json"): (0.839, 0.812, 0.833),
    ("wordllama", "skill_duplicates_dev.json"): (1.0, 0.765, 0.900),
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
